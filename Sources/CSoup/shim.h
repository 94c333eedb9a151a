#include <libsoup/soup.h>

/* soup_server_new is variadic (property names and values), which Swift cannot call. */
static inline SoupServer *lf_soup_server_new(void) { return soup_server_new(NULL, NULL); }
