#define _GNU_SOURCE
#include "lf_glib_shims.h"

#include <sys/resource.h>
#include <unistd.h>

void lf_object_set_pointer(gpointer object, const char *name, gpointer value) { g_object_set(object, name, value, NULL); }
void lf_object_set_bool(gpointer object, const char *name, gboolean value) { g_object_set(object, name, value, NULL); }
void lf_object_set_int(gpointer object, const char *name, gint value) { g_object_set(object, name, value, NULL); }
void lf_object_set_uint(gpointer object, const char *name, guint value) { g_object_set(object, name, value, NULL); }
void lf_object_set_double(gpointer object, const char *name, gdouble value) { g_object_set(object, name, value, NULL); }
void lf_object_set_string(gpointer object, const char *name, const char *value) { g_object_set(object, name, value, NULL); }

char *lf_object_get_string(gpointer object, const char *name) {
    char *value = NULL;
    g_object_get(object, name, &value, NULL);
    return value;
}

gint lf_object_get_int(gpointer object, const char *name) {
    gint value = 0;
    g_object_get(object, name, &value, NULL);
    return value;
}

gdouble lf_object_get_double(gpointer object, const char *name) {
    gdouble value = 0;
    g_object_get(object, name, &value, NULL);
    return value;
}

gboolean lf_object_get_bool(gpointer object, const char *name) {
    gboolean value = FALSE;
    g_object_get(object, name, &value, NULL);
    return value;
}

gpointer lf_object_get_object(gpointer object, const char *name) {
    gpointer value = NULL;
    g_object_get(object, name, &value, NULL);
    return value;
}

gboolean lf_object_is_floating(gpointer object) { return g_object_is_floating(object); }
gboolean lf_object_has_property(gpointer object, const char *name) {
    return g_object_class_find_property(G_OBJECT_GET_CLASS(object), name) != NULL;
}
guint lf_object_ref_count(gpointer object) { return G_OBJECT(object)->ref_count; }
const char *lf_object_type_name(gpointer object) { return G_OBJECT_TYPE_NAME(object); }

#include <malloc.h>
void lf_limit_malloc_arenas(int count) { mallopt(M_ARENA_MAX, count); }
void lf_map_blocks_from(int bytes) { mallopt(M_MMAP_THRESHOLD, bytes); }
void lf_keep_free_memory_up_to(int bytes) { mallopt(M_TRIM_THRESHOLD, bytes); }
size_t lf_mapped_block_count(void) { return mallinfo2().hblks; }
size_t lf_free_heap_bytes(void) { return mallinfo2().fordblks; }
int lf_release_free_memory(void) { return malloc_trim(0); }

int lf_set_thread_niceness(int niceness) { return setpriority(PRIO_PROCESS, (id_t)gettid(), niceness); }
