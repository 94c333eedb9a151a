#include "lf_gst_shims.h"
#include "lf_gst_private.h"

GstMessageType lf_message_type(GstMessage *message) { return GST_MESSAGE_TYPE(message); }
GstObject *lf_message_source(GstMessage *message) { return GST_MESSAGE_SRC(message); }
/* Addresses only: `object` may already be freed (a watch's pipeline is held without a
 * reference, and its last one can go on another thread while a message is being decoded), so
 * a checked cast here would read a dead object's class. */
gboolean lf_message_is_from(GstMessage *message, gconstpointer object) { return (gconstpointer)GST_MESSAGE_SRC(message) == object; }
GstClockTime lf_clock_time_none(void) { return GST_CLOCK_TIME_NONE; }

gchar **lf_message_source_names(GstMessage *message, gconstpointer pipeline, gboolean *attached) {
    GPtrArray *names = g_ptr_array_new();
    GstObject *object = GST_MESSAGE_SRC(message) ? gst_object_ref(GST_MESSAGE_SRC(message)) : NULL;
    gboolean top_is_pipeline = FALSE;
    while (object) {
        g_ptr_array_add(names, gst_object_get_name(object));
        GstObject *parent = gst_object_get_parent(object);
        if (!parent) top_is_pipeline = (gconstpointer)object == pipeline;
        gst_object_unref(object);
        object = parent;
    }
    g_ptr_array_add(names, NULL);
    if (attached) *attached = top_is_pipeline;
    return (gchar **)g_ptr_array_free(names, FALSE);
}

/* A sink put in while the stream runs may refuse its format: a pulsesink whose server answers
 * but has no output yet (PulseAudio coming back loads its sinks after its socket) fails to
 * acquire its ring buffer, so the caps are refused and every buffer after them comes back
 * NOT_NEGOTIATED. Upstream, the demuxer then stopped the whole stream with "Internal data stream
 * error": a false "damaged video" card. The refusal is the sound's: it is said from inside the
 * bin (the player swaps in a silent sink and tries again), and the stream goes on. */
static void lf_post_refused(GstObject *bin) {
    GError *error = g_error_new_literal(GST_STREAM_ERROR, GST_STREAM_ERROR_FORMAT,
                                        "The sound output refused the stream's format");
    gst_element_post_message(GST_ELEMENT(bin), gst_message_new_error(bin, error, "the audio sink refused the caps"));
    g_error_free(error);
}

static GstFlowReturn lf_isolated(GstPad *pad, GstObject *parent, GstFlowReturn result) {
    if (GST_PAD_IS_FLUSHING(pad)) return result;
    switch (result) {
    case GST_FLOW_FLUSHING:
    case GST_FLOW_ERROR:
        return GST_FLOW_OK;
    case GST_FLOW_NOT_NEGOTIATED:
        lf_post_refused(parent);
        return GST_FLOW_OK;
    default:
        return result;
    }
}

static GstFlowReturn lf_isolating_chain(GstPad *pad, GstObject *parent, GstBuffer *buffer) {
    return lf_isolated(pad, parent, gst_proxy_pad_chain_default(pad, parent, buffer));
}

static GstFlowReturn lf_isolating_chain_list(GstPad *pad, GstObject *parent, GstBufferList *list) {
    return lf_isolated(pad, parent, gst_proxy_pad_chain_list_default(pad, parent, list));
}

/* A format the sink refuses is taken here all the same: refused, the caps event would fail the
 * push of the next buffer upstream before it ever reached the chain above. The sink is offered
 * the caps again with that buffer (they stay pending on the pad inside). */
static gboolean lf_isolating_event(GstPad *pad, GstObject *parent, GstEvent *event) {
    gboolean is_caps = GST_EVENT_TYPE(event) == GST_EVENT_CAPS;
    gboolean handled = gst_pad_event_default(pad, parent, event);
    return handled || (is_caps && !GST_PAD_IS_FLUSHING(pad));
}

/* Asked which formats it takes, a sink that has no output to ask answers none (pulsesink with
 * a server that has no sink yet): upstream then fails its renegotiation and stops the stream. The
 * bin takes any format (the converters upstream keep the one they have), and a sink that cannot
 * play it says so from inside. */
static gboolean lf_isolating_query(GstPad *pad, GstObject *parent, GstQuery *query) {
    gboolean handled = gst_pad_query_default(pad, parent, query);
    if (GST_PAD_IS_FLUSHING(pad)) return handled;
    switch (GST_QUERY_TYPE(query)) {
    case GST_QUERY_CAPS: {
        GstCaps *result = NULL;
        if (handled) gst_query_parse_caps_result(query, &result);
        if (result && !gst_caps_is_empty(result)) return TRUE;
        GstCaps *filter = NULL;
        gst_query_parse_caps(query, &filter);
        GstCaps *any = filter ? gst_caps_ref(filter) : gst_caps_new_any();
        gst_query_set_caps_result(query, any);
        gst_caps_unref(any);
        return TRUE;
    }
    case GST_QUERY_ACCEPT_CAPS: {
        gboolean accepted = FALSE;
        if (handled) gst_query_parse_accept_caps_result(query, &accepted);
        if (accepted) return TRUE;
        /* pulsesink asks its server whether it can play a format, and with no output there the
         * answer is no for every one: upstream then fails to renegotiate. A format outside what
         * the sink takes at all is still refused (upstream converts to one of those). */
        GstCaps *caps = NULL;
        gst_query_parse_accept_caps(query, &caps);
        GstPad *target = gst_ghost_pad_get_target(GST_GHOST_PAD(pad));
        GstCaps *possible = target ? gst_pad_query_caps(target, NULL) : NULL;
        gboolean take = !possible || gst_caps_is_empty(possible) || (caps && gst_caps_can_intersect(caps, possible));
        if (possible) gst_caps_unref(possible);
        if (target) gst_object_unref(target);
        if (take) gst_query_set_accept_caps_result(query, TRUE);
        return handled || take;
    }
    default:
        return handled;
    }
}

GstPad *lf_isolating_ghost_pad_new(GstElement *bin, const char *name, GstPad *target) {
    GstPad *ghost = gst_ghost_pad_new(name, target);
    if (!ghost) return NULL;
    gst_pad_set_chain_function(ghost, lf_isolating_chain);
    gst_pad_set_chain_list_function(ghost, lf_isolating_chain_list);
    gst_pad_set_event_function(ghost, lf_isolating_event);
    gst_pad_set_query_function(ghost, lf_isolating_query);
    if (!gst_element_add_pad(bin, ghost)) return NULL;
    return ghost;
}

static void lf_set_async_one(GstElement *element, gboolean async) {
    if (g_object_class_find_property(G_OBJECT_GET_CLASS(element), "async"))
        g_object_set(element, "async", async, NULL);
}

void lf_sinks_set_async(GstElement *element, gboolean async) {
    lf_set_async_one(element, async);
    if (!GST_IS_BIN(element)) return;
    GstIterator *sinks = gst_bin_iterate_recurse(GST_BIN(element));
    GValue item = G_VALUE_INIT;
    gboolean done = FALSE;
    while (!done) {
        switch (gst_iterator_next(sinks, &item)) {
        case GST_ITERATOR_OK:
            lf_set_async_one(GST_ELEMENT(g_value_get_object(&item)), async);
            g_value_reset(&item);
            break;
        case GST_ITERATOR_RESYNC: gst_iterator_resync(sinks); break;
        default: done = TRUE; break;
        }
    }
    g_value_unset(&item);
    gst_iterator_free(sinks);
}

GstCaps *lf_caps_from_string(const char *text) { return gst_caps_from_string(text); }
void lf_set_caps_property(gpointer element, const char *name, GstCaps *caps) { g_object_set(element, name, caps, NULL); }

typedef struct {
    LfSampleHandler handler;
    gpointer user_data;
    GDestroyNotify notify;
} SampleHandlerBox;

static void sample_box_free(gpointer data) {
    SampleHandlerBox *box = data;
    if (box->notify) box->notify(box->user_data);
    g_free(box);
}

static GstFlowReturn on_new_sample(GstAppSink *sink, gpointer data) {
    SampleHandlerBox *box = data;
    GstSample *sample = gst_app_sink_pull_sample(sink);
    if (!sample) return GST_FLOW_EOS;
    box->handler(sample, FALSE, box->user_data);
    gst_sample_unref(sample);
    return GST_FLOW_OK;
}

static GstFlowReturn on_new_preroll(GstAppSink *sink, gpointer data) {
    SampleHandlerBox *box = data;
    GstSample *sample = gst_app_sink_pull_preroll(sink);
    if (!sample) return GST_FLOW_EOS;
    box->handler(sample, TRUE, box->user_data);
    gst_sample_unref(sample);
    return GST_FLOW_OK;
}

void lf_appsink_set_sample_handler(GstAppSink *sink, LfSampleHandler handler, gpointer user_data,
                                   GDestroyNotify notify) {
    GstAppSinkCallbacks callbacks = { 0 };
    callbacks.new_sample = on_new_sample;
    callbacks.new_preroll = on_new_preroll;
    SampleHandlerBox *box = g_new0(SampleHandlerBox, 1);
    box->handler = handler;
    box->user_data = user_data;
    box->notify = notify;
    gst_app_sink_set_callbacks(sink, &callbacks, box, sample_box_free);
}

LfVideoFrame *lf_video_frame_new_from_sample(GstSample *sample, gint orientation) {
    GstBuffer *buffer = gst_sample_get_buffer(sample);
    GstCaps *caps = gst_sample_get_caps(sample);
    if (!buffer || !caps) return NULL;
    LfVideoFrame *frame = g_new0(LfVideoFrame, 1);
    if (!gst_video_info_from_caps(&frame->info, caps)) {
        g_free(frame);
        return NULL;
    }
    /* Keep the buffer, not the sample: appsink reuses its sample object. */
    frame->buffer = gst_buffer_ref(buffer);
    frame->pts = GST_BUFFER_PTS(buffer);
    frame->duration = GST_BUFFER_DURATION(buffer);
    frame->orientation = orientation;
    GstCapsFeatures *features = gst_caps_get_features(caps, 0);
    if (features && gst_caps_features_contains(features, LF_CAPS_FEATURE_GL_MEMORY) && !lf_video_frame_map_gl(frame)) {
        lf_video_frame_free(frame);
        return NULL;
    }
    return frame;
}

void lf_video_frame_free(LfVideoFrame *frame) {
    if (!frame) return;
    /* A GL frame stays mapped (its texture in use) until here. */
    if (frame->gl) gst_video_frame_unmap(&frame->gl_frame);
    gst_buffer_unref(frame->buffer);
    g_free(frame);
}

gdouble lf_video_frame_pixel_aspect_ratio(const LfVideoFrame *frame) {
    gint n = GST_VIDEO_INFO_PAR_N(&frame->info), d = GST_VIDEO_INFO_PAR_D(&frame->info);
    return (n > 0 && d > 0) ? (gdouble)n / (gdouble)d : 1.0;
}

gint lf_video_frame_width(const LfVideoFrame *frame) { return GST_VIDEO_INFO_WIDTH(&frame->info); }
gint lf_video_frame_height(const LfVideoFrame *frame) { return GST_VIDEO_INFO_HEIGHT(&frame->info); }

typedef struct {
    LfCapsHandler handler;
    gpointer user_data;
    GDestroyNotify notify;
} CapsProbeBox;

static void caps_box_free(gpointer data) {
    CapsProbeBox *box = data;
    if (box->notify) box->notify(box->user_data);
    g_free(box);
}

static GstPadProbeReturn on_caps_event(GstPad *pad, GstPadProbeInfo *info, gpointer data) {
    (void)pad;
    GstEvent *event = GST_PAD_PROBE_INFO_EVENT(info);
    if (GST_EVENT_TYPE(event) == GST_EVENT_CAPS) {
        GstCaps *caps = NULL;
        gst_event_parse_caps(event, &caps);
        GstVideoInfo video;
        if (caps && gst_video_info_from_caps(&video, caps)) {
            CapsProbeBox *box = data;
            /* Display size: square pixels, whatever the stream's pixel aspect ratio. */
            gint width = GST_VIDEO_INFO_WIDTH(&video);
            gint height = GST_VIDEO_INFO_HEIGHT(&video);
            if (video.par_n > 0 && video.par_d > 0 && video.par_n != video.par_d)
                width = (gint)gst_util_uint64_scale_int(width, video.par_n, video.par_d);
            box->handler(width, height, box->user_data);
        }
    }
    return GST_PAD_PROBE_OK;
}

gulong lf_pad_add_caps_probe(GstPad *pad, LfCapsHandler handler, gpointer user_data, GDestroyNotify notify) {
    CapsProbeBox *box = g_new0(CapsProbeBox, 1);
    box->handler = handler;
    box->user_data = user_data;
    box->notify = notify;
    return gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, on_caps_event, box, caps_box_free);
}

typedef struct {
    GstEventType type;
    LfEventHandler handler;
    gpointer user_data;
    GDestroyNotify notify;
} EventProbeBox;

static void event_box_free(gpointer data) {
    EventProbeBox *box = data;
    if (box->notify) box->notify(box->user_data);
    g_free(box);
}

static GstPadProbeReturn on_event(GstPad *pad, GstPadProbeInfo *info, gpointer data) {
    (void)pad;
    EventProbeBox *box = data;
    if (GST_EVENT_TYPE(GST_PAD_PROBE_INFO_EVENT(info)) == box->type) box->handler(box->user_data);
    return GST_PAD_PROBE_OK;
}

static EventProbeBox *event_box_new(GstEventType type, LfEventHandler handler, gpointer user_data,
                                    GDestroyNotify notify) {
    EventProbeBox *box = g_new0(EventProbeBox, 1);
    box->type = type;
    box->handler = handler;
    box->user_data = user_data;
    box->notify = notify;
    return box;
}

gulong lf_pad_add_event_probe(GstPad *pad, GstEventType type, LfEventHandler handler, gpointer user_data,
                              GDestroyNotify notify) {
    EventProbeBox *box = event_box_new(type, handler, user_data, notify);
    return gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, on_event, box, event_box_free);
}

gulong lf_pad_add_upstream_event_probe(GstPad *pad, GstEventType type, LfEventHandler handler, gpointer user_data,
                                       GDestroyNotify notify) {
    EventProbeBox *box = event_box_new(type, handler, user_data, notify);
    /* Flushes are probed apart from other events; both bits, so a seek's flush-start coming up
     * to a source pad is seen. */
    return gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_EVENT_UPSTREAM | GST_PAD_PROBE_TYPE_EVENT_FLUSH, on_event, box,
                             event_box_free);
}

GSource *lf_bus_watch_attach(GstBus *bus, GMainContext *context, GstBusFunc func, gpointer user_data,
                             GDestroyNotify notify) {
    GSource *source = gst_bus_create_watch(bus);
    if (source == NULL) {
        if (notify) notify(user_data);
        return NULL;
    }
    g_source_set_callback(source, (GSourceFunc) func, user_data, notify);
    g_source_attach(source, context);
    return source;
}

static GstPadProbeReturn on_idle(GstPad *pad, GstPadProbeInfo *info, gpointer data) {
    (void) pad;
    (void) info;
    EventProbeBox *box = data;
    box->handler(box->user_data);
    return GST_PAD_PROBE_REMOVE;
}

gulong lf_pad_when_idle(GstPad *pad, LfEventHandler handler, gpointer user_data, GDestroyNotify notify) {
    /* The event probe's box; its event type is not read. */
    EventProbeBox *box = event_box_new(GST_EVENT_UNKNOWN, handler, user_data, notify);
    return gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_IDLE, on_idle, box, event_box_free);
}
