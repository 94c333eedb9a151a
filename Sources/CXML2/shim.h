/* libxml2 as Loopfeed uses it: the streaming reader, the HTML parser, the tree it builds.
 * Debian builds libxml2 with ICU, so encoding.h would pull in <unicode/ucnv.h>, whose
 * UErrorCode clashes with the copy of ICU inside Swift's Foundation for any Swift file that sees
 * both. Nothing here touches libxml2's ICU converters (the only fields that depend on it, at the
 * end of xmlCharEncodingHandler, are never read), so the ICU half of the headers is left out. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
