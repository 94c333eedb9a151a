#include <glib.h>
#include <glib-object.h>
/* The keyfile settings backend (a library kept in --data-dir keeps its settings there). */
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gio.h>
#include <gio/gsettingsbackend.h>
#include <glib-unix.h>
