/* GStreamer shims: message and caps macros, appsink's struct-of-callbacks API, pad probes and
 * the decoded frame handed to the UI. Sees GLib and GStreamer, never GTK. */
#ifndef LF_GST_SHIMS_H
#define LF_GST_SHIMS_H

#include <glib.h>
#include <gst/gst.h>
#include <gst/app/app.h>
#include <gst/video/video.h>
#include <gst/pbutils/pbutils.h>

G_BEGIN_DECLS

/* ---- GStreamer macros ---- */
GstMessageType lf_message_type(GstMessage *message);
GstObject *lf_message_source(GstMessage *message);
gboolean lf_message_is_from(GstMessage *message, gconstpointer object);
GstClockTime lf_clock_time_none(void);
/* The names of a message's source and its parents, source first, as a newly allocated
 * NULL-terminated array (g_strfreev); `attached`: its top parent is `pipeline` (an element
 * removed from the pipeline since it posted is not). */
gchar **lf_message_source_names(GstMessage *message, gconstpointer pipeline, gboolean *attached);
/* A sink ghost pad on `bin` for `target` whose chain turns a FLUSHING that comes from inside
 * the bin (the pad itself not flushing), an ERROR or a NOT_NEGOTIATED into OK, so a sink that
 * fails, refuses the format, or is set to NULL to be replaced while it renders, never stops the
 * stream upstream of the bin. A refused format is posted as an error from `bin`. */
GstPad *lf_isolating_ghost_pad_new(GstElement *bin, const char *name, GstPad *target);
/* Sets `async` FALSE on `element` and every sink inside it (a sink added to a running pipeline). */
void lf_sinks_set_async(GstElement *element, gboolean async);
/* Parses caps from a string; NULL when invalid. */
GstCaps *lf_caps_from_string(const char *text);
void lf_set_caps_property(gpointer element, const char *name, GstCaps *caps);

/* appsink: the sample handler runs on the streaming thread for prerolled and played samples. */
typedef void (*LfSampleHandler)(GstSample *sample, gboolean is_preroll, gpointer user_data);
void lf_appsink_set_sample_handler(GstAppSink *sink, LfSampleHandler handler, gpointer user_data,
                                   GDestroyNotify notify);

/* A decoded frame: a reference to the buffer (never the sample, which appsink reuses) and its
 * layout. Owned by the caller; free with lf_video_frame_free.
 * A frame in GL memory (the GL path) is mapped as a texture (GST_MAP_GL) for as long as it
 * lives, with a sync point set after the conversion that made it: whoever draws it waits for
 * that point first (lf_video_frame_gl_wait). `orientation` (a GstVideoOrientationMethod) is
 * how the picture must be turned when drawn; the memory path turns it in GStreamer (identity). */
typedef struct {
    GstBuffer *buffer;
    GstVideoInfo info;
    GstClockTime pts;
    GstClockTime duration;
    gboolean gl;
    GstVideoFrame gl_frame;
    gint orientation;
} LfVideoFrame;

/* NULL when the sample has no buffer or caps, or its GL memory cannot be mapped. */
LfVideoFrame *lf_video_frame_new_from_sample(GstSample *sample, gint orientation);
void lf_video_frame_free(LfVideoFrame *frame);
gint lf_video_frame_width(const LfVideoFrame *frame);
gint lf_video_frame_height(const LfVideoFrame *frame);
/* The pixel aspect ratio (width of a pixel over its height), 1 when the caps say none. */
gdouble lf_video_frame_pixel_aspect_ratio(const LfVideoFrame *frame);
/* The GL texture of a GL frame's first plane, 0 for a frame in system memory. */
guint lf_video_frame_gl_texture(const LfVideoFrame *frame);

/* ---- The GL path's GStreamer half (GStreamer's GL library; no toolkit) ---- */
struct _GstGLDisplay;
struct _GstGLContext;
/* A GstGLDisplay, the toolkit's GL context wrapped for GStreamer (the "app context") and
 * GStreamer's own context sharing with it, which every pipeline's GL elements use. Reference
 * counted; any thread. */
typedef struct _LfGLVideoContext LfGLVideoContext;
/* Takes new references to both; makes GStreamer's context (a thread of its own) sharing with
 * `app_context` and registers it with the display. NULL and `error` set on failure. */
LfGLVideoContext *lf_gl_video_context_new(struct _GstGLDisplay *display, struct _GstGLContext *app_context,
                                          GError **error);
/* A display and a context of GStreamer's own (no toolkit): frames in GL memory that no toolkit
 * draws (tests of the pipeline half). */
LfGLVideoContext *lf_gl_video_context_new_standalone(GError **error);
LfGLVideoContext *lf_gl_video_context_ref(LfGLVideoContext *context);
void lf_gl_video_context_unref(LfGLVideoContext *context);
/* Hands the display and the app context to `element` (a pipeline or bin passes them to its GL
 * elements, and answers their need-context messages with them). */
void lf_gl_video_context_apply(LfGLVideoContext *context, GstElement *element);
/* The wrapped toolkit context (borrowed), NULL for a standalone one. */
struct _GstGLContext *lf_gl_video_context_app_context(LfGLVideoContext *context);
/* "OpenGL 3.3 (core)": GStreamer's context's API and version, for logs. g_free it. */
char *lf_gl_video_context_describe(LfGLVideoContext *context);
/* Waits on the CPU until the GPU has finished the conversion that made `frame` (its sync meta's
 * point), in `app_context`, which the caller has made current on this thread. */
void lf_video_frame_gl_wait(const LfVideoFrame *frame, LfGLVideoContext *context);

/* ---- Orientation tags: how a stream's pictures must be turned (image-orientation) ---- */
typedef struct _LfOrientationTracker LfOrientationTracker;
LfOrientationTracker *lf_orientation_tracker_new(void);
void lf_orientation_tracker_unref(LfOrientationTracker *tracker);
/* Follows the TAG events through `pad` (a stream tag over a global one; a new stream starts
 * unturned). Returns the probe's id; the probe keeps its own reference. */
gulong lf_orientation_tracker_watch(LfOrientationTracker *tracker, GstPad *pad);
/* The current GstVideoOrientationMethod (IDENTITY until a tag says otherwise). Any thread. */
gint lf_orientation_tracker_current(LfOrientationTracker *tracker);
/* The GstVideoOrientationMethod an image-orientation value ("rotate-90", "flip-rotate-0" ...)
 * stands for, as videoflip reads it; -1 for anything else. */
gint lf_orientation_from_tag_value(const char *value);

/* ---- The registry ---- */
/* Sets the rank of an element factory; FALSE when no such feature is registered. */
gboolean lf_registry_set_element_rank(const char *name, guint rank);

/* Pad probes on caps events: the handler sees the negotiated width and height. */
typedef void (*LfCapsHandler)(gint width, gint height, gpointer user_data);
gulong lf_pad_add_caps_probe(GstPad *pad, LfCapsHandler handler, gpointer user_data, GDestroyNotify notify);

/* A downstream event of `type` reached the pad (streaming thread). */
typedef void (*LfEventHandler)(gpointer user_data);
gulong lf_pad_add_event_probe(GstPad *pad, GstEventType type, LfEventHandler handler, gpointer user_data,
                              GDestroyNotify notify);

/* The same for an event travelling upstream (a flush-start reaching a source's pad). */
gulong lf_pad_add_upstream_event_probe(GstPad *pad, GstEventType type, LfEventHandler handler, gpointer user_data,
                                       GDestroyNotify notify);

/* `handler` runs once when no data flows through the pad (at once, on the calling thread, if
 * none does now; else on the streaming thread between two buffers). The probe removes itself. */
gulong lf_pad_when_idle(GstPad *pad, LfEventHandler handler, gpointer user_data, GDestroyNotify notify);

/* A bus watch dispatched on `context` (a player thread's) rather than the default one. Returns
 * the attached source; the caller owns a reference and destroys it to stop watching. */
GSource *lf_bus_watch_attach(GstBus *bus, GMainContext *context, GstBusFunc func, gpointer user_data,
                             GDestroyNotify notify);

G_END_DECLS

#endif
