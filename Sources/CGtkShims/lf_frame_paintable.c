#include "lf_gtk_shims.h"
#include <math.h>

/* One stable paintable per page: frames swap the texture inside and invalidate, so GTK never
 * sees a new paintable per frame (which queues a resize each time on GTK 4.8). */
struct _LfFramePaintable {
    GObject parent_instance;
    GdkTexture *texture;
    /* How the texture is turned and stretched when drawn (the GL path's frames; identity and 1
     * for the memory path's, which GStreamer turned and scaled already). */
    gint orientation;
    gdouble pixel_aspect_ratio;
    guint64 serial;
    guint64 painted_serial;
    LfPaintedHandler painted_handler;
    gpointer painted_data;
    GDestroyNotify painted_notify;
};

static void lf_frame_paintable_iface_init(GdkPaintableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE(LfFramePaintable, lf_frame_paintable, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(GDK_TYPE_PAINTABLE, lf_frame_paintable_iface_init))

static gboolean swaps_axes(gint orientation) {
    return orientation == GST_VIDEO_ORIENTATION_90R || orientation == GST_VIDEO_ORIENTATION_90L
        || orientation == GST_VIDEO_ORIENTATION_UL_LR || orientation == GST_VIDEO_ORIENTATION_UR_LL;
}

/* The texture's size as displayed: stretched by the pixel aspect ratio, then turned. */
static void displayed_size(LfFramePaintable *self, double *width, double *height) {
    double w = gdk_texture_get_width(self->texture) * self->pixel_aspect_ratio;
    double h = gdk_texture_get_height(self->texture);
    *width = swaps_axes(self->orientation) ? h : w;
    *height = swaps_axes(self->orientation) ? w : h;
}

/* Draws the texture turned into width x height: about the box's centre, a quarter turn
 * clockwise is rotate(90) (y points down), a mirror a scale by -1, and the transposes a quarter
 * turn and a mirror (GtkSnapshot applies the last transform to what is drawn first). */
static void snapshot_oriented(LfFramePaintable *self, GtkSnapshot *snapshot, double width, double height) {
    gboolean swap = swaps_axes(self->orientation);
    double w = swap ? height : width, h = swap ? width : height;
    gtk_snapshot_save(snapshot);
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT((float)(width / 2), (float)(height / 2)));
    switch (self->orientation) {
    case GST_VIDEO_ORIENTATION_90R: gtk_snapshot_rotate(snapshot, 90); break;
    case GST_VIDEO_ORIENTATION_180: gtk_snapshot_rotate(snapshot, 180); break;
    case GST_VIDEO_ORIENTATION_90L: gtk_snapshot_rotate(snapshot, 270); break;
    case GST_VIDEO_ORIENTATION_HORIZ: gtk_snapshot_scale(snapshot, -1, 1); break;
    case GST_VIDEO_ORIENTATION_VERT: gtk_snapshot_scale(snapshot, 1, -1); break;
    case GST_VIDEO_ORIENTATION_UL_LR: gtk_snapshot_rotate(snapshot, 90); gtk_snapshot_scale(snapshot, 1, -1); break;
    case GST_VIDEO_ORIENTATION_UR_LL: gtk_snapshot_rotate(snapshot, 90); gtk_snapshot_scale(snapshot, -1, 1); break;
    default: break;
    }
    gtk_snapshot_append_texture(snapshot, self->texture,
                                &GRAPHENE_RECT_INIT((float)(-w / 2), (float)(-h / 2), (float)w, (float)h));
    gtk_snapshot_restore(snapshot);
}

/* The frame reaches cairo as a raster source: GTK records the paint and replays it when the
 * window is drawn, and the recording keeps a reference to the texture rather than to its pixels.
 * Given the frame's surface itself, cairo attaches a snapshot to it, and when the frame is let
 * go (the next frame) copies the whole frame out to keep that snapshot alive (an allocation, a
 * clear and a copy of 1.4 MB on the main thread for each frame of a 450x800 page). */
static cairo_surface_t *frame_pattern_acquire(cairo_pattern_t *pattern, void *data, cairo_surface_t *target,
                                              const cairo_rectangle_int_t *extents) {
    (void)pattern; (void)target; (void)extents;
    return cairo_surface_reference(lf_texture_get_frame_surface(GDK_TEXTURE(data)));
}

static void frame_pattern_release(cairo_pattern_t *pattern, void *data, cairo_surface_t *surface) {
    (void)pattern; (void)data;
    cairo_surface_destroy(surface);
}

/* Each copy cairo makes of the pattern (the recording keeps one) holds the texture too. */
static cairo_status_t frame_pattern_copy(cairo_pattern_t *pattern, void *data, const cairo_pattern_t *other) {
    (void)pattern; (void)other;
    g_object_ref(data);
    return CAIRO_STATUS_SUCCESS;
}

static void frame_pattern_finish(cairo_pattern_t *pattern, void *data) {
    (void)pattern;
    g_object_unref(data);
}

static cairo_pattern_t *frame_pattern_new(GdkTexture *texture, int width, int height) {
    cairo_pattern_t *pattern = cairo_pattern_create_raster_source(g_object_ref(texture), CAIRO_CONTENT_COLOR,
                                                                  width, height);
    cairo_raster_source_pattern_set_acquire(pattern, frame_pattern_acquire, frame_pattern_release);
    cairo_raster_source_pattern_set_copy(pattern, frame_pattern_copy);
    cairo_raster_source_pattern_set_finish(pattern, frame_pattern_finish);
    return pattern;
}

static void lf_frame_paintable_snapshot(GdkPaintable *paintable, GdkSnapshot *snapshot, double width, double height) {
    LfFramePaintable *self = LF_FRAME_PAINTABLE(paintable);
    if (!self->texture) return;
    cairo_surface_t *surface = lf_texture_get_frame_surface(self->texture);
    if (surface) {
        /* Drawn on the CPU: the frame's own pixels are painted (a blit at the page's size),
         * not downloaded and converted from the texture first. */
        int texture_width = gdk_texture_get_width(self->texture), texture_height = gdk_texture_get_height(self->texture);
        cairo_t *cr = gtk_snapshot_append_cairo(GTK_SNAPSHOT(snapshot), &GRAPHENE_RECT_INIT(0, 0, width, height));
        gboolean same_size = fabs(width - texture_width) < 0.5 && fabs(height - texture_height) < 0.5;
        if (!same_size) cairo_scale(cr, width / texture_width, height / texture_height);
        cairo_pattern_t *pattern = frame_pattern_new(self->texture, texture_width, texture_height);
        cairo_pattern_set_filter(pattern, same_size ? CAIRO_FILTER_FAST : CAIRO_FILTER_BILINEAR);
        cairo_set_source(cr, pattern);
        cairo_pattern_destroy(pattern);
        cairo_paint(cr);
        cairo_destroy(cr);
    } else if (self->orientation == GST_VIDEO_ORIENTATION_IDENTITY) {
        gdk_paintable_snapshot(GDK_PAINTABLE(self->texture), snapshot, width, height);
    } else {
        /* A GL frame arrives as decoded; it is turned while drawn. Memory frames come upright. */
        snapshot_oriented(self, GTK_SNAPSHOT(snapshot), width, height);
    }
    if (self->painted_serial != self->serial) {
        self->painted_serial = self->serial;
        double w, h;
        displayed_size(self, &w, &h);
        if (self->painted_handler)
            self->painted_handler(self->serial, (gint)(w + 0.5), (gint)(h + 0.5), self->painted_data);
    }
}

static int lf_frame_paintable_get_intrinsic_width(GdkPaintable *paintable) {
    LfFramePaintable *self = LF_FRAME_PAINTABLE(paintable);
    if (!self->texture) return 0;
    double w, h;
    displayed_size(self, &w, &h);
    return (int)(w + 0.5);
}

static int lf_frame_paintable_get_intrinsic_height(GdkPaintable *paintable) {
    LfFramePaintable *self = LF_FRAME_PAINTABLE(paintable);
    if (!self->texture) return 0;
    double w, h;
    displayed_size(self, &w, &h);
    return (int)(h + 0.5);
}

static double lf_frame_paintable_get_intrinsic_aspect_ratio(GdkPaintable *paintable) {
    LfFramePaintable *self = LF_FRAME_PAINTABLE(paintable);
    if (!self->texture) return 0.0;
    double w, h;
    displayed_size(self, &w, &h);
    return h > 0 ? w / h : 0.0;
}

static void lf_frame_paintable_iface_init(GdkPaintableInterface *iface) {
    iface->snapshot = lf_frame_paintable_snapshot;
    iface->get_intrinsic_width = lf_frame_paintable_get_intrinsic_width;
    iface->get_intrinsic_height = lf_frame_paintable_get_intrinsic_height;
    iface->get_intrinsic_aspect_ratio = lf_frame_paintable_get_intrinsic_aspect_ratio;
}

static void lf_frame_paintable_dispose(GObject *object) {
    LfFramePaintable *self = LF_FRAME_PAINTABLE(object);
    g_clear_object(&self->texture);
    if (self->painted_notify) self->painted_notify(self->painted_data);
    self->painted_notify = NULL;
    self->painted_handler = NULL;
    self->painted_data = NULL;
    G_OBJECT_CLASS(lf_frame_paintable_parent_class)->dispose(object);
}

static void lf_frame_paintable_class_init(LfFramePaintableClass *klass) {
    G_OBJECT_CLASS(klass)->dispose = lf_frame_paintable_dispose;
}

static void lf_frame_paintable_init(LfFramePaintable *self) {
    self->orientation = GST_VIDEO_ORIENTATION_IDENTITY;
    self->pixel_aspect_ratio = 1.0;
}

LfFramePaintable *lf_frame_paintable_new(void) { return g_object_new(LF_TYPE_FRAME_PAINTABLE, NULL); }

guint64 lf_frame_paintable_set_frame(LfFramePaintable *self, GdkTexture *texture, gint orientation,
                                     gdouble pixel_aspect_ratio) {
    if (pixel_aspect_ratio <= 0) pixel_aspect_ratio = 1.0;
    gboolean resized = !self->texture || !texture || self->orientation != orientation
        || self->pixel_aspect_ratio != pixel_aspect_ratio
        || gdk_texture_get_width(self->texture) != gdk_texture_get_width(texture)
        || gdk_texture_get_height(self->texture) != gdk_texture_get_height(texture);
    g_set_object(&self->texture, texture);
    self->orientation = orientation;
    self->pixel_aspect_ratio = pixel_aspect_ratio;
    self->serial++;
    if (resized) gdk_paintable_invalidate_size(GDK_PAINTABLE(self));
    gdk_paintable_invalidate_contents(GDK_PAINTABLE(self));
    return self->serial;
}

guint64 lf_frame_paintable_set_texture(LfFramePaintable *self, GdkTexture *texture) {
    return lf_frame_paintable_set_frame(self, texture, GST_VIDEO_ORIENTATION_IDENTITY, 1.0);
}

void lf_frame_paintable_clear(LfFramePaintable *self) {
    if (!self->texture) return;
    g_clear_object(&self->texture);
    self->serial++;
    gdk_paintable_invalidate_size(GDK_PAINTABLE(self));
    gdk_paintable_invalidate_contents(GDK_PAINTABLE(self));
}

void lf_frame_paintable_set_painted_handler(LfFramePaintable *self, LfPaintedHandler handler,
                                            gpointer user_data, GDestroyNotify notify) {
    if (self->painted_notify) self->painted_notify(self->painted_data);
    self->painted_handler = handler;
    self->painted_data = user_data;
    self->painted_notify = notify;
}

GdkTexture *lf_frame_paintable_ref_texture(LfFramePaintable *self) {
    return self->texture ? g_object_ref(self->texture) : NULL;
}

GdkTexture *lf_frame_paintable_ref_memory_texture(LfFramePaintable *self) {
    return self->texture ? lf_texture_to_memory(self->texture, self->orientation) : NULL;
}
