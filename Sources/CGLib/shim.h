#include <glib.h>
#include <glib-object.h>
#include <gio/gio.h>
#include <glib-unix.h>
