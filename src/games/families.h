/* The game families the JSON layer knows (one gr_family each, defined in
 * src/json/<name>.c).  Each is named by a row of the endpoint registry
 * (json/registry.c), which is where /v1/sum finds them. */
#ifndef GR_FAMILIES_H
#define GR_FAMILIES_H

#include "json/gr_json.h"

extern const gr_family gr_family_nim;
extern const gr_family gr_family_hackenbush_tree;
extern const gr_family gr_family_ordinal_trees;
extern const gr_family gr_family_subtraction;
extern const gr_family gr_family_octal;
extern const gr_family gr_family_hackenbush_graph;
extern const gr_family gr_family_game_graph;
extern const gr_family gr_family_node_kayles;
extern const gr_family gr_family_cram;
extern const gr_family gr_family_chomp;
/* @@ family declarations: add new ones above this line @@ */

/* The family whose name is `name` in the registry, or NULL. */
const gr_family *gr_family_find(const char *name);

#endif
