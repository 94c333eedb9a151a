#include "lf_gtk_shims.h"

/* A GtkTextBuffer that holds at most `maximum` characters: what would go over is cut off as it
 * arrives (typed or pasted), before GTK lays any of it out, and the handler hears how many
 * characters were left out. 100,000 pasted characters took GTK about 20 s to lay out whole. */
typedef struct {
    gint maximum;
    gboolean inserting;
    LfTextCutHandler handler;
    gpointer data;
    GDestroyNotify notify;
} TextLimit;

static void text_limit_free(gpointer pointer, GClosure *closure) {
    (void)closure;
    TextLimit *limit = pointer;
    if (limit->notify) limit->notify(limit->data);
    g_free(limit);
}

static void on_insert_text(GtkTextBuffer *buffer, GtkTextIter *location, gchar *text, gint length, gpointer pointer) {
    TextLimit *limit = pointer;
    if (limit->inserting) return;
    gint have = gtk_text_buffer_get_char_count(buffer);
    glong adding = g_utf8_strlen(text, length);
    if (have + adding <= limit->maximum) return;
    /* The insertion as it came is stopped; the part that fits goes in instead, and the default
     * handler of that insertion moves `location` past it, as callers expect. */
    g_signal_stop_emission_by_name(buffer, "insert-text");
    gint room = MAX(0, limit->maximum - have);
    if (room > 0) {
        const gchar *end = g_utf8_offset_to_pointer(text, room);
        limit->inserting = TRUE;
        gtk_text_buffer_insert(buffer, location, text, (gint)(end - text));
        limit->inserting = FALSE;
    }
    if (limit->handler) limit->handler((gint)(adding - room), limit->data);
}

void lf_text_buffer_limit_chars(GtkTextBuffer *buffer, gint maximum, LfTextCutHandler handler, gpointer data,
                                GDestroyNotify notify) {
    TextLimit *limit = g_new0(TextLimit, 1);
    limit->maximum = maximum;
    limit->handler = handler;
    limit->data = data;
    limit->notify = notify;
    g_signal_connect_data(buffer, "insert-text", G_CALLBACK(on_insert_text), limit, text_limit_free, 0);
}
