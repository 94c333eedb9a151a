#include "lf_shims.h"

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

void lf_widget_add_css_class(gpointer widget, const char *name) { gtk_widget_add_css_class(GTK_WIDGET(widget), name); }
GtkWidget *lf_window_new_application(GtkApplication *app) { return gtk_application_window_new(app); }
gint lf_key_event_state(GdkModifierType state) { return (gint)(state & gtk_accelerator_get_default_mod_mask()); }

void lf_accessible_set_label(gpointer widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void lf_accessible_set_description(gpointer widget, const char *description) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

#include <malloc.h>
void lf_limit_malloc_arenas(int count) { mallopt(M_ARENA_MAX, count); }
int lf_release_free_memory(void) { return malloc_trim(0); }

/* Files on the clipboard as a desktop puts them there: a file list (text/uri-list and the
 * portal types, GTK's own serializers) and x-special/gnome-copied-files, which file managers
 * paste as a copy. */
void lf_clipboard_set_files(GdkClipboard *clipboard, const char *const *uris, int count) {
    if (count <= 0) return;
    GSList *files = NULL;
    GString *copied = g_string_new("copy");
    for (int i = count - 1; i >= 0; i--) files = g_slist_prepend(files, g_file_new_for_uri(uris[i]));
    for (int i = 0; i < count; i++) g_string_append_printf(copied, "\n%s", uris[i]);
    GdkFileList *list = gdk_file_list_new_from_list(files);
    GBytes *bytes = g_string_free_to_bytes(copied);
    GdkContentProvider *providers[2] = {
        gdk_content_provider_new_typed(GDK_TYPE_FILE_LIST, list),
        gdk_content_provider_new_for_bytes("x-special/gnome-copied-files", bytes),
    };
    GdkContentProvider *both = gdk_content_provider_new_union(providers, 2);
    gdk_clipboard_set_content(clipboard, both);
    g_object_unref(both);
    g_bytes_unref(bytes);
    g_boxed_free(GDK_TYPE_FILE_LIST, list);
    g_slist_free_full(files, g_object_unref);
}
