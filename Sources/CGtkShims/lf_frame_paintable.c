#include "lf_gtk_shims.h"
#include <math.h>

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
    cairo_surface_t *surface = lf_texture_get_frame_surface(self->texture);
    if (surface) {
        /* Drawn on the CPU: the frame's own pixels are painted (a blit at the page's size),
         * not downloaded and converted from the texture first. */
        int texture_width = gdk_texture_get_width(self->texture), texture_height = gdk_texture_get_height(self->texture);
        cairo_t *cr = gtk_snapshot_append_cairo(GTK_SNAPSHOT(snapshot), &GRAPHENE_RECT_INIT(0, 0, width, height));
        gboolean same_size = fabs(width - texture_width) < 0.5 && fabs(height - texture_height) < 0.5;
        if (!same_size) cairo_scale(cr, width / texture_width, height / texture_height);
        cairo_set_source_surface(cr, surface, 0, 0);
        cairo_pattern_set_filter(cairo_get_source(cr), same_size ? CAIRO_FILTER_FAST : CAIRO_FILTER_BILINEAR);
        cairo_paint(cr);
        cairo_destroy(cr);
    } else {
        gdk_paintable_snapshot(GDK_PAINTABLE(self->texture), snapshot, width, height);
    }
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
