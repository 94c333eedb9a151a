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
