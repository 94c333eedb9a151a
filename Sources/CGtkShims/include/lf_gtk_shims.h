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
/* The image file at `path` decoded just large enough to cover cover_width x cover_height (its shape
 * kept; never enlarged), as a texture in GDK's default format. When GTK draws on the CPU it carries
 * a cairo surface over its pixels, as frames do, which LfFramePaintable paints directly: GTK 4.8's
 * cairo renderer would convert the texture through floats at every paint. NULL when the file
 * cannot be read. */
GdkTexture *lf_texture_new_still(const char *path, int cover_width, int cover_height);

/* A copy in memory of any texture (a GL one read back from the GPU), turned by `orientation`
 * (a GstVideoOrientationMethod) so it looks as drawn; a new reference to `texture` itself when
 * it is a memory texture needing no turn. The result is immutable and safe on any thread; the
 * call itself makes GL calls for a GL texture: main thread only. */
GdkTexture *lf_texture_to_memory(GdkTexture *texture, gint orientation);

/* ---- The GL frame path: GTK's GL context shared with GStreamer ---- */
/* A GdkGLContext on the default display, realized (not bound to a window); NULL + error. */
GdkGLContext *lf_gdk_gl_context_new(GError **error);
/* glGetString(GL_RENDERER) in `context` ("llvmpipe (LLVM 15.0.6, 256 bits)"); g_free it. */
char *lf_gdk_gl_context_renderer(GdkGLContext *context);
/* "EGL", "GLX" or "Wayland EGL": how `context` reaches GL (for logs). Static string. */
const char *lf_gdk_gl_context_platform(GdkGLContext *context);
/* `context` wrapped for GStreamer on a GstGLDisplay made from GDK's (EGL or GLX on X11, EGL on
 * Wayland), with GStreamer's own context sharing with it. Main thread; NULL + error. */
LfGLVideoContext *lf_gl_video_context_new_for_gdk(GdkGLContext *context, GError **error);
/* A GdkGLTexture over a GL frame's texture, made after waiting on the CPU for the GPU work that
 * made it (GTK 4.8's GL textures take no fence). `release` runs (with `data`) when GTK is done
 * with the texture: it must keep the frame mapped until then. NULL for a frame in system memory
 * (then `release` is not called). Main thread. */
GdkTexture *lf_gl_texture_new_for_frame(GdkGLContext *context, LfGLVideoContext *video, const LfVideoFrame *frame,
                                        GDestroyNotify release, gpointer data);

/* ---- The frame paintable: one stable GdkPaintable per page whose contents change ---- */
#define LF_TYPE_FRAME_PAINTABLE (lf_frame_paintable_get_type())
G_DECLARE_FINAL_TYPE(LfFramePaintable, lf_frame_paintable, LF, FRAME_PAINTABLE, GObject)

/* Called from snapshot the first time a texture is drawn: the frame clock's paint of it. */
typedef void (*LfPaintedHandler)(guint64 serial, gint width, gint height, gpointer user_data);

LfFramePaintable *lf_frame_paintable_new(void);
/* Shows `texture` (a new reference is taken) and invalidates contents (and size if it changed).
 * Main thread only. Returns the serial of the texture. */
guint64 lf_frame_paintable_set_texture(LfFramePaintable *self, GdkTexture *texture);
/* The same for a texture to be turned by `orientation` (a GstVideoOrientationMethod) and
 * stretched by `pixel_aspect_ratio` when drawn: the intrinsic size is the displayed one, and
 * GtkPicture's cover or contain scales it while drawing. */
guint64 lf_frame_paintable_set_frame(LfFramePaintable *self, GdkTexture *texture, gint orientation,
                                     gdouble pixel_aspect_ratio);
void lf_frame_paintable_clear(LfFramePaintable *self);
/* A new reference to the texture on screen, or NULL. */
GdkTexture *lf_frame_paintable_ref_texture(LfFramePaintable *self);
/* The picture on screen as a memory texture, turned as drawn (a GL frame is read back); NULL
 * before the first frame. Main thread. */
GdkTexture *lf_frame_paintable_ref_memory_texture(LfFramePaintable *self);
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
/* The label lf_accessible_set_label gave `widget`, or NULL. */
const char *lf_accessible_label(gpointer widget);
/* A drawing area whose accessible role is a button (construct-only in GTK 4). */
GtkWidget *lf_drawing_area_new_button(void);
void lf_accessible_set_pressed(gpointer widget, gboolean pressed);
void lf_accessible_set_description(gpointer widget, const char *description);
/* The box, in the label's own coordinates, of the text from byte `start` to byte `end` of its
 * layout, over only the lines that text is on; FALSE when it shows nowhere. */
gboolean lf_label_range_box(GtkWidget *label, int start, int end, graphene_rect_t *box);
/* What a screen reader says a slider's value is ("0:07 of 0:15", "60%"). */
void lf_accessible_set_value_text(gpointer widget, const char *text);
/* Scrolls every scrolled window around the focus of `window` so the focused widget shows; TRUE if
 * one moved. */
gboolean lf_scroll_focus_into_view(GtkWindow *window);
/* gtk_scrolled_window_set_child, leaving the focus to lf_scroll_focus_into_view. */
void lf_scrolled_window_set_child(GtkScrolledWindow *scroller, GtkWidget *child);

/* One label a window shows: its text, its box in the window, the size its text takes, and why it is
 * clipped ("" when it is not). */
typedef void (*LfLabelHandler)(const char *text, const graphene_rect_t *box, int text_width, int text_height,
                               const char *clipped, gpointer user_data);
/* Calls `handler` for every label with text that `window` shows. */
void lf_window_labels(GtkWindow *window, LfLabelHandler handler, gpointer data);

typedef void (*LfTextCutHandler)(gint dropped, gpointer user_data);
void lf_text_buffer_limit_chars(GtkTextBuffer *buffer, gint maximum, LfTextCutHandler handler, gpointer data,
                                GDestroyNotify notify);

/* A modal file chooser dialog (Cancel, then `accept` as the default) whose Enter takes every
 * selected file and opens a folder typed in its location field (lf_file_chooser.c). */
GtkWidget *lf_file_chooser_dialog_new(const char *title, GtkWindow *parent, GtkFileChooserAction action,
                                      const char *accept, const char *cancel);

G_END_DECLS

#endif
