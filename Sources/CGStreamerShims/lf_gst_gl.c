/* The GL path's GStreamer half: the shared GL display and contexts every pipeline uses, frames
 * in GL memory mapped as textures, orientation tags, decoder ranks. Sees GStreamer, never GTK. */
#include "lf_gst_shims.h"
#include "lf_gst_private.h"
#include <gst/gl/gl.h>

struct _LfGLVideoContext {
    GstGLDisplay *display;
    /* The toolkit's own context, wrapped (NULL when standalone). */
    GstGLContext *app_context;
    /* GStreamer's context, sharing textures with app_context. Held here: the display keeps
     * only a weak reference, and GL elements find it there. */
    GstGLContext *context;
};

static void gl_video_context_clear(gpointer data) {
    LfGLVideoContext *self = data;
    g_clear_object(&self->context);
    g_clear_object(&self->app_context);
    g_clear_object(&self->display);
}

static LfGLVideoContext *gl_video_context_make(GstGLDisplay *display, GstGLContext *app_context, GError **error) {
    GstGLContext *context = NULL;
    /* The display's lock: GL elements look for a context on it meanwhile. */
    GST_OBJECT_LOCK(display);
    gboolean made = gst_gl_display_create_context(display, app_context, &context, error);
    if (made && !gst_gl_display_add_context(display, context)) {
        g_set_error_literal(error, GST_GL_CONTEXT_ERROR, GST_GL_CONTEXT_ERROR_FAILED,
                            "the display already has a context for that thread");
        made = FALSE;
    }
    GST_OBJECT_UNLOCK(display);
    if (!made) {
        g_clear_object(&context);
        return NULL;
    }
    LfGLVideoContext *self = g_atomic_rc_box_new0(LfGLVideoContext);
    self->display = gst_object_ref(display);
    self->app_context = app_context ? gst_object_ref(app_context) : NULL;
    self->context = context;
    return self;
}

LfGLVideoContext *lf_gl_video_context_new(struct _GstGLDisplay *display, struct _GstGLContext *app_context,
                                          GError **error) {
    g_return_val_if_fail(display != NULL && app_context != NULL, NULL);
    return gl_video_context_make(display, app_context, error);
}

LfGLVideoContext *lf_gl_video_context_new_standalone(GError **error) {
    GstGLDisplay *display = gst_gl_display_new();
    LfGLVideoContext *self = gl_video_context_make(display, NULL, error);
    gst_object_unref(display);
    return self;
}

LfGLVideoContext *lf_gl_video_context_ref(LfGLVideoContext *context) { return g_atomic_rc_box_acquire(context); }

void lf_gl_video_context_unref(LfGLVideoContext *context) {
    if (context) g_atomic_rc_box_release_full(context, gl_video_context_clear);
}

void lf_gl_video_context_apply(LfGLVideoContext *context, GstElement *element) {
    GstContext *display = gst_context_new(GST_GL_DISPLAY_CONTEXT_TYPE, TRUE);
    gst_context_set_gl_display(display, context->display);
    gst_element_set_context(element, display);
    gst_context_unref(display);
    /* The app context is what GL elements share their textures with; without a toolkit, GStreamer's own. */
    GstContext *app = gst_context_new("gst.gl.app_context", TRUE);
    gst_structure_set(gst_context_writable_structure(app), "context", GST_TYPE_GL_CONTEXT,
                      context->app_context ? context->app_context : context->context, NULL);
    gst_element_set_context(element, app);
    gst_context_unref(app);
}

struct _GstGLContext *lf_gl_video_context_app_context(LfGLVideoContext *context) { return context->app_context; }

char *lf_gl_video_context_describe(LfGLVideoContext *context) {
    gint major = 0, minor = 0;
    gst_gl_context_get_gl_version(context->context, &major, &minor);
    GstGLAPI api = gst_gl_context_get_gl_api(context->context);
    gchar *name = gst_gl_api_to_string(api);
    char *text = g_strdup_printf("%s %d.%d", name, major, minor);
    g_free(name);
    return text;
}

gboolean lf_video_frame_map_gl(LfVideoFrame *frame) {
    GstMemory *memory = gst_buffer_peek_memory(frame->buffer, 0);
    if (memory == NULL || !gst_is_gl_memory(memory)) return FALSE;
    GstGLContext *context = ((GstGLBaseMemory *)memory)->context;
    GstGLSyncMeta *sync = gst_buffer_get_gl_sync_meta(frame->buffer);
    if (sync == NULL) {
        /* appsink asks for no sync meta: add one to our own copy of the buffer (the memory is shared). */
        frame->buffer = gst_buffer_make_writable(frame->buffer);
        sync = gst_buffer_add_gl_sync_meta(context, frame->buffer);
    }
    if (!gst_video_frame_map(&frame->gl_frame, &frame->info, frame->buffer, GST_MAP_READ | GST_MAP_GL)) return FALSE;
    frame->gl = TRUE;
    /* A fence after the upload and conversion queued for this texture, waited for here, on the
     * streaming thread: a stream whose conversions the GL cannot keep up with then runs late at
     * the appsink, whose QoS has the decoder skip frames, instead of queueing conversions no one
     * will see ahead of the frame the main thread waits to draw (software GL on 2 cores: 33 of
     * 240 frames drawn a loop, and now and then none for seconds). */
    if (sync) {
        gst_gl_sync_meta_set_sync_point(sync, context);
        gst_gl_sync_meta_wait_cpu(sync, context);
    }
    return TRUE;
}

guint lf_video_frame_gl_texture(const LfVideoFrame *frame) {
    return frame->gl ? *(guint *)frame->gl_frame.data[0] : 0;
}

void lf_video_frame_gl_wait(const LfVideoFrame *frame, LfGLVideoContext *context) {
    if (!frame->gl) return;
    GstGLSyncMeta *sync = gst_buffer_get_gl_sync_meta(frame->buffer);
    GstGLContext *app = context->app_context ? context->app_context : context->context;
    if (sync == NULL || app == NULL) return;
    /* A wrapped context runs GStreamer's GL calls on the thread it is active in: this one. */
    gst_gl_context_activate(app, TRUE);
    gst_gl_sync_meta_wait_cpu(sync, app);
    gst_gl_context_activate(app, FALSE);
}

/* ---- Orientation ---- */

struct _LfOrientationTracker {
    gint stream;   /* -1: no stream tag yet */
    gint global;
};

LfOrientationTracker *lf_orientation_tracker_new(void) {
    LfOrientationTracker *tracker = g_atomic_rc_box_new0(LfOrientationTracker);
    tracker->stream = -1;
    tracker->global = GST_VIDEO_ORIENTATION_IDENTITY;
    return tracker;
}

void lf_orientation_tracker_unref(LfOrientationTracker *tracker) {
    if (tracker) g_atomic_rc_box_release(tracker);
}

static GstPadProbeReturn on_orientation_event(GstPad *pad, GstPadProbeInfo *info, gpointer data) {
    (void)pad;
    LfOrientationTracker *tracker = data;
    GstEvent *event = GST_PAD_PROBE_INFO_EVENT(info);
    switch (GST_EVENT_TYPE(event)) {
    case GST_EVENT_STREAM_START:
        g_atomic_int_set(&tracker->stream, -1);
        g_atomic_int_set(&tracker->global, GST_VIDEO_ORIENTATION_IDENTITY);
        break;
    case GST_EVENT_TAG: {
        GstTagList *tags = NULL;
        gst_event_parse_tag(event, &tags);
        GstVideoOrientationMethod method;
        /* The same reading of image-orientation as videoflip's, which turns the memory path's frames. */
        if (tags && gst_video_orientation_from_tag(tags, &method)) {
            if (gst_tag_list_get_scope(tags) == GST_TAG_SCOPE_STREAM) g_atomic_int_set(&tracker->stream, method);
            else g_atomic_int_set(&tracker->global, method);
        }
        break;
    }
    default:
        break;
    }
    return GST_PAD_PROBE_OK;
}

gulong lf_orientation_tracker_watch(LfOrientationTracker *tracker, GstPad *pad) {
    return gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, on_orientation_event,
                             g_atomic_rc_box_acquire(tracker), (GDestroyNotify)lf_orientation_tracker_unref);
}

gint lf_orientation_tracker_current(LfOrientationTracker *tracker) {
    gint stream = g_atomic_int_get(&tracker->stream);
    return stream >= 0 ? stream : g_atomic_int_get(&tracker->global);
}

gint lf_orientation_from_tag_value(const char *value) {
    GstTagList *tags = gst_tag_list_new(GST_TAG_IMAGE_ORIENTATION, value, NULL);
    GstVideoOrientationMethod method;
    gint result = gst_video_orientation_from_tag(tags, &method) ? (gint)method : -1;
    gst_tag_list_unref(tags);
    return result;
}

gboolean lf_registry_set_element_rank(const char *name, guint rank) {
    GstPluginFeature *feature = gst_registry_lookup_feature(gst_registry_get(), name);
    if (feature == NULL) return FALSE;
    gst_plugin_feature_set_rank(feature, rank);
    gst_object_unref(feature);
    return TRUE;
}
