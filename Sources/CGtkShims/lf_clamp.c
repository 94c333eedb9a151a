#include "lf_gtk_shims.h"

/* One child, never wider than `maximum` pixels and centred in whatever is wider (GNOME's
 * AdwClamp, which libadwaita 1.2 has but plain GTK 4.8 does not). Its minimum width is the
 * child's, so a clamp never stops a window from shrinking. */
struct _LfClamp {
    GtkWidget parent_instance;
    GtkWidget *child;
    int maximum;
};

G_DEFINE_FINAL_TYPE(LfClamp, lf_clamp, GTK_TYPE_WIDGET)

static void lf_clamp_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                             int *natural, int *minimum_baseline, int *natural_baseline) {
    LfClamp *self = LF_CLAMP(widget);
    *minimum = *natural = 0;
    *minimum_baseline = *natural_baseline = -1;
    if (!self->child || !gtk_widget_should_layout(self->child)) return;
    if (orientation == GTK_ORIENTATION_HORIZONTAL) {
        gtk_widget_measure(self->child, orientation, for_size, minimum, natural, NULL, NULL);
        *natural = MAX(*minimum, MIN(*natural, self->maximum));
    } else {
        int child_width = for_size < 0 ? -1 : MIN(for_size, self->maximum);
        if (child_width >= 0) {
            int child_min = 0;
            gtk_widget_measure(self->child, GTK_ORIENTATION_HORIZONTAL, -1, &child_min, NULL, NULL, NULL);
            child_width = MAX(child_width, child_min);
        }
        gtk_widget_measure(self->child, orientation, child_width, minimum, natural, NULL, NULL);
    }
}

/* Height-for-width like its child, so a wrapping label inside is measured at the width it
 * will get, not at its narrowest. */
static GtkSizeRequestMode lf_clamp_get_request_mode(GtkWidget *widget) {
    LfClamp *self = LF_CLAMP(widget);
    return self->child ? gtk_widget_get_request_mode(self->child) : GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void lf_clamp_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    LfClamp *self = LF_CLAMP(widget);
    (void)baseline;
    if (!self->child || !gtk_widget_should_layout(self->child)) return;
    int child_min = 0;
    gtk_widget_measure(self->child, GTK_ORIENTATION_HORIZONTAL, -1, &child_min, NULL, NULL, NULL);
    int child_width = MAX(child_min, MIN(width, self->maximum));
    GtkAllocation allocation = { (width - child_width) / 2, 0, child_width, height };
    gtk_widget_size_allocate(self->child, &allocation, -1);
}

static void lf_clamp_dispose(GObject *object) {
    LfClamp *self = LF_CLAMP(object);
    g_clear_pointer(&self->child, gtk_widget_unparent);
    G_OBJECT_CLASS(lf_clamp_parent_class)->dispose(object);
}

static void lf_clamp_class_init(LfClampClass *klass) {
    G_OBJECT_CLASS(klass)->dispose = lf_clamp_dispose;
    GTK_WIDGET_CLASS(klass)->measure = lf_clamp_measure;
    GTK_WIDGET_CLASS(klass)->get_request_mode = lf_clamp_get_request_mode;
    GTK_WIDGET_CLASS(klass)->size_allocate = lf_clamp_size_allocate;
    gtk_widget_class_set_css_name(GTK_WIDGET_CLASS(klass), "clamp");
}

static void lf_clamp_init(LfClamp *self) { self->maximum = G_MAXINT; }

GtkWidget *lf_clamp_new(int maximum) {
    LfClamp *self = g_object_new(LF_TYPE_CLAMP, NULL);
    self->maximum = maximum > 0 ? maximum : G_MAXINT;
    return GTK_WIDGET(self);
}

void lf_clamp_set_child(LfClamp *self, GtkWidget *child) {
    if (self->child == child) return;
    g_clear_pointer(&self->child, gtk_widget_unparent);
    if (child) {
        self->child = child;
        gtk_widget_set_parent(child, GTK_WIDGET(self));
    }
}

void lf_clamp_set_maximum(LfClamp *self, int maximum) {
    self->maximum = maximum > 0 ? maximum : G_MAXINT;
    gtk_widget_queue_resize(GTK_WIDGET(self));
}
