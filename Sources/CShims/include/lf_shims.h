/* The only hand-written C in Loopfeed: what Swift cannot call directly (macros, variadic
 * functions, struct-of-callbacks APIs) and the frame paintable GObject. */
#ifndef LF_SHIMS_H
#define LF_SHIMS_H

#include <glib.h>
#include <glib-object.h>
#include <gio/gio.h>
#include <glib-unix.h>
#include <gtk/gtk.h>
#include <gst/gst.h>
#include <gst/app/app.h>
#include <gst/video/video.h>
#include <gst/pbutils/pbutils.h>

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

/* ---- GStreamer macros ---- */
GstMessageType lf_message_type(GstMessage *message);
GstObject *lf_message_source(GstMessage *message);
gboolean lf_message_is_from(GstMessage *message, gpointer object);
GstClockTime lf_clock_time_none(void);
/* Parses caps from a string; NULL when invalid. */
GstCaps *lf_caps_from_string(const char *text);
void lf_set_caps_property(gpointer element, const char *name, GstCaps *caps);

/* appsink: the sample handler runs on the streaming thread for prerolled and played samples. */
typedef void (*LfSampleHandler)(GstSample *sample, gboolean is_preroll, gpointer user_data);
void lf_appsink_set_sample_handler(GstAppSink *sink, LfSampleHandler handler, gpointer user_data,
                                   GDestroyNotify notify);

/* A decoded frame: a reference to the buffer (never the sample, which appsink reuses) and its
 * layout. Owned by the caller; free with lf_video_frame_free. */
typedef struct {
    GstBuffer *buffer;
    GstVideoInfo info;
    GstClockTime pts;
    GstClockTime duration;
} LfVideoFrame;

LfVideoFrame *lf_video_frame_new_from_sample(GstSample *sample);
void lf_video_frame_free(LfVideoFrame *frame);
gint lf_video_frame_width(const LfVideoFrame *frame);
gint lf_video_frame_height(const LfVideoFrame *frame);

/* Pad probes on caps events: the handler sees the negotiated width and height. */
typedef void (*LfCapsHandler)(gint width, gint height, gpointer user_data);
gulong lf_pad_add_caps_probe(GstPad *pad, LfCapsHandler handler, gpointer user_data, GDestroyNotify notify);

/* A downstream event of `type` reached the pad (streaming thread). */
typedef void (*LfEventHandler)(gpointer user_data);
gulong lf_pad_add_event_probe(GstPad *pad, GstEventType type, LfEventHandler handler, gpointer user_data,
                              GDestroyNotify notify);

/* ---- GDK: zero-copy texture over a frame's mapped buffer ---- */
/* Returns a new texture that keeps the buffer mapped until the texture is freed; NULL when the
 * frame's format is not a packed 32-bit RGB format. Safe to call from any thread. */
GdkTexture *lf_texture_new_from_video_frame(const LfVideoFrame *frame);

/* ---- The frame paintable: one stable GdkPaintable per page whose contents change ---- */
#define LF_TYPE_FRAME_PAINTABLE (lf_frame_paintable_get_type())
G_DECLARE_FINAL_TYPE(LfFramePaintable, lf_frame_paintable, LF, FRAME_PAINTABLE, GObject)

typedef void (*LfPaintedHandler)(guint64 serial, gint width, gint height, gpointer user_data);

LfFramePaintable *lf_frame_paintable_new(void);
/* Shows `texture` (a new reference is taken) and invalidates contents (and size if it changed).
 * Main thread only. Returns the serial of the texture. */
guint64 lf_frame_paintable_set_texture(LfFramePaintable *self, GdkTexture *texture);
void lf_frame_paintable_clear(LfFramePaintable *self);
guint64 lf_frame_paintable_get_serial(LfFramePaintable *self);
/* Called from snapshot the first time a texture is drawn: the frame clock's paint of it. */
/* Saves the texture on screen as a PNG (thumbnails); FALSE when there is none or on error. */
gboolean lf_frame_paintable_save_png(LfFramePaintable *self, const char *path);
/* The frame on screen averaged down to width x height (a blurred backdrop); NULL without one. */
GdkTexture *lf_frame_paintable_reduce(LfFramePaintable *self, int width, int height);
void lf_frame_paintable_set_painted_handler(LfFramePaintable *self, LfPaintedHandler handler,
                                            gpointer user_data, GDestroyNotify notify);

/* ---- GTK helpers ---- */
/* ---- LfClamp: one child at most `maximum` px wide, centred (libadwaita's AdwClamp) ---- */
#define LF_TYPE_CLAMP (lf_clamp_get_type())
G_DECLARE_FINAL_TYPE(LfClamp, lf_clamp, LF, CLAMP, GtkWidget)
GtkWidget *lf_clamp_new(int maximum);
void lf_clamp_set_child(LfClamp *self, GtkWidget *child);
void lf_clamp_set_maximum(LfClamp *self, int maximum);

void lf_widget_add_css_class(gpointer widget, const char *name);
/* Files (URIs) on the clipboard: text/uri-list, the portal types, x-special/gnome-copied-files. */
void lf_clipboard_set_files(GdkClipboard *clipboard, const char *const *uris, int count);
GtkWidget *lf_window_new_application(GtkApplication *app);
gint lf_key_event_state(GdkModifierType state);
/* Caps glibc's malloc arenas (one grows per thread by default). */
void lf_limit_malloc_arenas(int count);
/* Returns freed heap memory to the system (malloc_trim); nonzero when some was released. */
int lf_release_free_memory(void);
void lf_accessible_set_label(gpointer widget, const char *label);
void lf_accessible_set_description(gpointer widget, const char *description);

G_END_DECLS

#endif
