/* GTK shims: the frame paintable and clamp GObjects, zero-copy textures over decoded frames,
 * and GTK calls Swift cannot make directly. The only C that sees both GTK and GStreamer. */
#ifndef LF_GTK_SHIMS_H
#define LF_GTK_SHIMS_H

#include <gtk/gtk.h>
#include "lf_gst_shims.h"

G_BEGIN_DECLS

/* ---- GDK: zero-copy texture over a frame's mapped buffer ---- */
/* Returns a new texture that keeps the buffer mapped until the texture is freed; NULL when the
 * frame's format is not a packed 32-bit RGB format. Safe to call from any thread. */
GdkTexture *lf_texture_new_from_video_frame(const LfVideoFrame *frame);
void lf_texture_set_cpu_drawn_frames(gboolean cpu);
cairo_surface_t *lf_texture_get_frame_surface(GdkTexture *texture);
/* `texture` averaged down to width x height pixels (a blurred backdrop); NULL on failure.
 * Reads only the immutable texture: safe on any thread. */
GdkTexture *lf_texture_reduce(GdkTexture *texture, int width, int height);

/* ---- The frame paintable: one stable GdkPaintable per page whose contents change ---- */
#define LF_TYPE_FRAME_PAINTABLE (lf_frame_paintable_get_type())
G_DECLARE_FINAL_TYPE(LfFramePaintable, lf_frame_paintable, LF, FRAME_PAINTABLE, GObject)

/* Called from snapshot the first time a texture is drawn: the frame clock's paint of it. */
typedef void (*LfPaintedHandler)(guint64 serial, gint width, gint height, gpointer user_data);

LfFramePaintable *lf_frame_paintable_new(void);
/* Shows `texture` (a new reference is taken) and invalidates contents (and size if it changed).
 * Main thread only. Returns the serial of the texture. */
guint64 lf_frame_paintable_set_texture(LfFramePaintable *self, GdkTexture *texture);
void lf_frame_paintable_clear(LfFramePaintable *self);
/* A new reference to the texture on screen, or NULL. */
GdkTexture *lf_frame_paintable_ref_texture(LfFramePaintable *self);
void lf_frame_paintable_set_painted_handler(LfFramePaintable *self, LfPaintedHandler handler,
                                            gpointer user_data, GDestroyNotify notify);

/* ---- LfClamp: one child at most `maximum` px wide, centred (libadwaita's AdwClamp) ---- */
#define LF_TYPE_CLAMP (lf_clamp_get_type())
G_DECLARE_FINAL_TYPE(LfClamp, lf_clamp, LF, CLAMP, GtkWidget)
GtkWidget *lf_clamp_new(int maximum);
void lf_clamp_set_child(LfClamp *self, GtkWidget *child);
void lf_clamp_set_maximum(LfClamp *self, int maximum);

/* ---- GTK helpers ---- */
/* Files (URIs) on the clipboard: text/uri-list, the portal types, x-special/gnome-copied-files. */
void lf_clipboard_set_files(GdkClipboard *clipboard, const char *const *uris, int count);
GtkWidget *lf_window_new_application(GtkApplication *app);
gint lf_key_event_state(GdkModifierType state);
void lf_accessible_set_label(gpointer widget, const char *label);
/* The OpenGL renderer's name on the default display, or NULL without GL; g_free it. */
char *lf_gl_renderer_name(void);

G_END_DECLS

#endif
