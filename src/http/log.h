/* The access log's writer: whole lines, buffered per thread, written to a
 * file descriptor by size or by age. */
#ifndef GR_LOG_H
#define GR_LOG_H

#include <stddef.h>

typedef struct gr_log gr_log;

/* flush_ms 0: every line is written at once (one write(2) a line). */
gr_log *gr_log_create(int fd, unsigned flush_ms);

/* Appends one whole line (its newline included). */
void gr_log_line(gr_log *log, const char *line, size_t len);

/* Writes what is buffered, stops the flusher and frees everything. */
void gr_log_destroy(gr_log *log);

#endif
