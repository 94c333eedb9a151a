/* GNU gettext as glibc provides it (libintl.h: no library to link), and the locale queries
 * Loopfeed's number formatting needs. */
#include <libintl.h>
#include <locale.h>
#include <langinfo.h>
