/* GLib and GObject shims: what Swift cannot call directly (the variadic g_object_set/get, type
 * macros) and malloc tuning. Sees GLib only. */
#ifndef LF_GLIB_SHIMS_H
#define LF_GLIB_SHIMS_H

#include <glib.h>
#include <glib-object.h>

G_BEGIN_DECLS

/* ---- GObject: typed setters for g_object_set (variadic) ---- */
void lf_object_set_pointer(gpointer object, const char *name, gpointer value);
void lf_object_set_bool(gpointer object, const char *name, gboolean value);
void lf_object_set_int(gpointer object, const char *name, gint value);
void lf_object_set_uint(gpointer object, const char *name, guint value);
void lf_object_set_double(gpointer object, const char *name, gdouble value);
void lf_object_set_string(gpointer object, const char *name, const char *value);
/* Returns a newly allocated string (g_free it), or NULL. */
char *lf_object_get_string(gpointer object, const char *name);
gint lf_object_get_int(gpointer object, const char *name);
gdouble lf_object_get_double(gpointer object, const char *name);
gboolean lf_object_get_bool(gpointer object, const char *name);
/* Returns a new reference (unref it), or NULL. */
gpointer lf_object_get_object(gpointer object, const char *name);
gboolean lf_object_is_floating(gpointer object);
/* Whether the object's class installs `name` (g_object_get warns on a missing one). */
gboolean lf_object_has_property(gpointer object, const char *name);
guint lf_object_ref_count(gpointer object);
const char *lf_object_type_name(gpointer object);

/* Caps glibc's malloc arenas (one grows per thread by default). */
void lf_limit_malloc_arenas(int count);
/* Serves every allocation of `bytes` or more with its own mapping, returned to the system when
 * freed (a fixed M_MMAP_THRESHOLD: glibc otherwise raises it to the largest block freed). */
void lf_map_blocks_from(int bytes);
/* Keeps up to `bytes` of free memory at the top of a heap before giving it back (M_TRIM_THRESHOLD). */
void lf_keep_free_memory_up_to(int bytes);
/* How many blocks malloc has mapped on their own now. */
size_t lf_mapped_block_count(void);
/* Bytes free in the heaps, their tops included: no block larger can come from them. */
size_t lf_free_heap_bytes(void);
/* Lowers the calling thread's CPU priority (its nice value, which threads it starts inherit);
 * returns 0, or -1 with errno set. */
int lf_set_thread_niceness(int niceness);
/* Returns freed heap memory to the system (malloc_trim); nonzero when some was released. */
int lf_release_free_memory(void);

/* The main-loop watchdog (debug and test builds): call on the main thread before its loop runs.
 * A stall over `stall_ms` writes the main thread's stack to stderr; once it is over, `handler`
 * hears how long it lasted (on the watchdog's own thread). */
typedef void (*LfStallHandler)(long long stalled_ms, gpointer user_data);
void lf_watchdog_start(int stall_ms, LfStallHandler handler, gpointer data);
/* Stops the watchdog and waits for its thread (tests); the app's watchdog runs until exit. */
void lf_watchdog_stop(void);

G_END_DECLS

#endif
