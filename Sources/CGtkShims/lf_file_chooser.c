#include "lf_gtk_shims.h"
#include <string.h>

/* The chooser's own Enter, where GTK 4.8's falls short:
 * - in the file list with several files selected, Enter takes them all, as Open does (GTK's
 *   tree view moved the selection to the row under the cursor and only that one came back);
 * - in the location field (Ctrl+L) of a chooser of files, a typed folder's path opens that folder
 *   (its completion sometimes took the Enter instead). A file's path, a folder chosen as a
 *   folder, or anything else, is left to GTK. */
static gboolean chooser_enter_pressed(GtkEventControllerKey *controller, guint keyval, guint keycode,
                                      GdkModifierType state, gpointer user_data) {
    (void)controller;
    (void)keycode;
    GtkWidget *dialog = user_data;
    if (keyval != GDK_KEY_Return && keyval != GDK_KEY_KP_Enter && keyval != GDK_KEY_ISO_Enter) return FALSE;
    if (state & (GDK_CONTROL_MASK | GDK_SHIFT_MASK | GDK_ALT_MASK)) return FALSE;
    GtkFileChooser *chooser = GTK_FILE_CHOOSER(dialog);
    for (GtkWidget *widget = gtk_root_get_focus(GTK_ROOT(dialog)); widget; widget = gtk_widget_get_parent(widget)) {
        if (GTK_IS_ENTRY(widget) && strcmp(G_OBJECT_TYPE_NAME(widget), "GtkFileChooserEntry") == 0) {
            const char *text = gtk_editable_get_text(GTK_EDITABLE(widget));
            if (!text || !*text) return FALSE;
            GFile *file = NULL;
            if (text[0] == '~' && (text[1] == '\0' || text[1] == '/')) {
                char *path = g_build_filename(g_get_home_dir(), text + 1, NULL);
                file = g_file_new_for_path(path);
                g_free(path);
            } else if (g_path_is_absolute(text)) {
                file = g_file_new_for_path(text);
            } else {
                GFile *folder = gtk_file_chooser_get_current_folder(chooser);
                if (!folder) return FALSE;
                file = g_file_resolve_relative_path(folder, text);
                g_object_unref(folder);
            }
            gboolean opened = FALSE;
            /* Choosing files, a folder is where to look; choosing a folder, it is the choice (GTK's). */
            if (g_file_query_file_type(file, G_FILE_QUERY_INFO_NONE, NULL) == G_FILE_TYPE_DIRECTORY
                && gtk_file_chooser_get_action(chooser) == GTK_FILE_CHOOSER_ACTION_OPEN) {
                opened = gtk_file_chooser_set_current_folder(chooser, file, NULL);
                if (opened) gtk_editable_set_text(GTK_EDITABLE(widget), "");
            }
            g_object_unref(file);
            return opened;
        }
        if (GTK_IS_TREE_VIEW(widget)) {
            if (gtk_file_chooser_get_action(chooser) != GTK_FILE_CHOOSER_ACTION_OPEN
                || !gtk_file_chooser_get_select_multiple(chooser)) return FALSE;
            GListModel *files = gtk_file_chooser_get_files(chooser);
            guint count = files ? g_list_model_get_n_items(files) : 0;
            if (files) g_object_unref(files);
            if (count < 2) return FALSE;
            gtk_dialog_response(GTK_DIALOG(dialog), GTK_RESPONSE_ACCEPT);
            return TRUE;
        }
    }
    return FALSE;
}

GtkWidget *lf_file_chooser_dialog_new(const char *title, GtkWindow *parent, GtkFileChooserAction action,
                                      const char *accept, const char *cancel) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    GtkWidget *dialog = gtk_file_chooser_dialog_new(title, parent, action, cancel, GTK_RESPONSE_CANCEL,
                                                    accept, GTK_RESPONSE_ACCEPT, NULL);
    gtk_dialog_set_default_response(GTK_DIALOG(dialog), GTK_RESPONSE_ACCEPT);
    G_GNUC_END_IGNORE_DEPRECATIONS
    gtk_window_set_modal(GTK_WINDOW(dialog), TRUE);
    GtkEventController *keys = gtk_event_controller_key_new();
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE);
    g_signal_connect(keys, "key-pressed", G_CALLBACK(chooser_enter_pressed), dialog);
    gtk_widget_add_controller(dialog, keys);
    return dialog;
}
