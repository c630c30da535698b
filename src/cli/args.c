/*
 * Command-line reading shared by the `grundy` commands (see args.h).
 */
#include "cli/args.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool gr_cli_size(const char *s, size_t *out)
{
    if (*s < '0' || *s > '9') {
        return false;
    }
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno != 0) {
        return false;
    }
    unsigned shift = 0;
    switch (*end) {
    case 'k':
    case 'K':
        shift = 10;
        end++;
        break;
    case 'm':
    case 'M':
        shift = 20;
        end++;
        break;
    case 'g':
    case 'G':
        shift = 30;
        end++;
        break;
    default:
        break;
    }
    if (*end != '\0' || v > (SIZE_MAX >> shift)) {
        return false;
    }
    *out = (size_t)v << shift;
    return true;
}

const char *gr_cli_flag(const char *arg, const char *flag)
{
    size_t n = strlen(flag);
    if (strncmp(arg, flag, n) != 0 || (arg[n] != '\0' && arg[n] != '=')) {
        return NULL;
    }
    return arg + n;
}

bool gr_cli_flag_value(int argc, char **argv, int *i, const char *flag, const char **value)
{
    const char *v = gr_cli_flag(argv[*i], flag);
    if (v == NULL) {
        return false;
    }
    if (*v == '=') {
        *value = v + 1;
    } else if (*i + 1 < argc) {
        *value = argv[++*i];
    } else {
        *value = NULL;
    }
    return true;
}

int gr_cli_usage_error(const char *fmt, const char *arg)
{
    fputs("grundy: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\n(grundy --help for usage)\n", stderr);
    return 2;
}
