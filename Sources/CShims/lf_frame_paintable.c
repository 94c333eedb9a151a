#include "lf_shims.h"

/* One stable paintable per page: frames swap the texture inside and invalidate, so GTK never
 * sees a new paintable per frame (which queues a resize each time on GTK 4.8). */
struct _LfFramePaintable {
    GObject parent_instance;
    GdkTexture *texture;
    guint64 serial;
    guint64 painted_serial;
    LfPaintedHandler painted_handler;
    gpointer painted_data;
    GDestroyNotify painted_notify;
};

static void lf_frame_paintable_iface_init(GdkPaintableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE(LfFramePaintable, lf_frame_paintable, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(GDK_TYPE_PAINTABLE, lf_frame_paintable_iface_init))

static void lf_frame_paintable_snapshot(GdkPaintable *paintable, GdkSnapshot *snapshot, double width, double height) {
    LfFramePaintable *self = LF_FRAME_PAINTABLE(paintable);
    if (!self->texture) return;
    gdk_paintable_snapshot(GDK_PAINTABLE(self->texture), snapshot, width, height);
    if (self->painted_serial != self->serial) {
        self->painted_serial = self->serial;
        if (self->painted_handler)
            self->painted_handler(self->serial, gdk_texture_get_width(self->texture),
                                  gdk_texture_get_height(self->texture), self->painted_data);
    }
}

static int lf_frame_paintable_get_intrinsic_width(GdkPaintable *paintable) {
    LfFramePaintable *self = LF_FRAME_PAINTABLE(paintable);
    return self->texture ? gdk_texture_get_width(self->texture) : 0;
}

static int lf_frame_paintable_get_intrinsic_height(GdkPaintable *paintable) {
    LfFramePaintable *self = LF_FRAME_PAINTABLE(paintable);
    return self->texture ? gdk_texture_get_height(self->texture) : 0;
}

static double lf_frame_paintable_get_intrinsic_aspect_ratio(GdkPaintable *paintable) {
    LfFramePaintable *self = LF_FRAME_PAINTABLE(paintable);
    if (!self->texture) return 0.0;
    return (double)gdk_texture_get_width(self->texture) / (double)gdk_texture_get_height(self->texture);
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

static void lf_frame_paintable_init(LfFramePaintable *self) { (void)self; }

LfFramePaintable *lf_frame_paintable_new(void) { return g_object_new(LF_TYPE_FRAME_PAINTABLE, NULL); }

guint64 lf_frame_paintable_set_texture(LfFramePaintable *self, GdkTexture *texture) {
    gboolean resized = !self->texture || !texture
        || gdk_texture_get_width(self->texture) != gdk_texture_get_width(texture)
        || gdk_texture_get_height(self->texture) != gdk_texture_get_height(texture);
    g_set_object(&self->texture, texture);
    self->serial++;
    if (resized) gdk_paintable_invalidate_size(GDK_PAINTABLE(self));
    gdk_paintable_invalidate_contents(GDK_PAINTABLE(self));
    return self->serial;
}

void lf_frame_paintable_clear(LfFramePaintable *self) {
    if (!self->texture) return;
    g_clear_object(&self->texture);
    self->serial++;
    gdk_paintable_invalidate_size(GDK_PAINTABLE(self));
    gdk_paintable_invalidate_contents(GDK_PAINTABLE(self));
}

guint64 lf_frame_paintable_get_serial(LfFramePaintable *self) { return self->serial; }

void lf_frame_paintable_set_painted_handler(LfFramePaintable *self, LfPaintedHandler handler,
                                            gpointer user_data, GDestroyNotify notify) {
    if (self->painted_notify) self->painted_notify(self->painted_data);
    self->painted_handler = handler;
    self->painted_data = user_data;
    self->painted_notify = notify;
}

gboolean lf_frame_paintable_save_png(LfFramePaintable *self, const char *path) {
    if (!self->texture) return FALSE;
    return gdk_texture_save_to_png(self->texture, path);
}

/* The frame on screen averaged down to `width` x `height` pixels (a few dozen): drawn scaled
 * up, the bilinear filter turns it into a soft, blurred copy for behind the video, at the cost
 * of one small texture instead of a blur every frame. NULL when there is no frame. */
GdkTexture *lf_frame_paintable_reduce(LfFramePaintable *self, int width, int height) {
    if (!self->texture || width <= 0 || height <= 0) return NULL;
    int src_w = gdk_texture_get_width(self->texture);
    int src_h = gdk_texture_get_height(self->texture);
    if (src_w <= 0 || src_h <= 0) return NULL;
    gsize src_stride = (gsize)src_w * 4;
    guchar *src = g_try_malloc(src_stride * (gsize)src_h);
    if (!src) return NULL;
    /* B8G8R8A8 premultiplied, the format gdk_texture_download promises. */
    gdk_texture_download(self->texture, src, src_stride);
    gsize dst_stride = (gsize)width * 4;
    guchar *dst = g_malloc0(dst_stride * (gsize)height);
    for (int y = 0; y < height; y++) {
        int y0 = y * src_h / height, y1 = MAX(y0 + 1, (y + 1) * src_h / height);
        for (int x = 0; x < width; x++) {
            int x0 = x * src_w / width, x1 = MAX(x0 + 1, (x + 1) * src_w / width);
            guint64 sum[4] = {0, 0, 0, 0};
            guint64 n = 0;
            /* Every second row and column is plenty for an average. */
            for (int sy = y0; sy < y1; sy += 2) {
                const guchar *row = src + (gsize)sy * src_stride;
                for (int sx = x0; sx < x1; sx += 2) {
                    const guchar *p = row + (gsize)sx * 4;
                    sum[0] += p[0]; sum[1] += p[1]; sum[2] += p[2]; sum[3] += p[3];
                    n++;
                }
            }
            guchar *out = dst + (gsize)y * dst_stride + (gsize)x * 4;
            for (int c = 0; c < 4; c++) out[c] = n ? (guchar)(sum[c] / n) : 0;
        }
    }
    g_free(src);
    GBytes *bytes = g_bytes_new_take(dst, dst_stride * (gsize)height);
    GdkTexture *texture = gdk_memory_texture_new(width, height, GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, dst_stride);
    g_bytes_unref(bytes);
    return texture;
}
