#include "lf_gtk_shims.h"
#include <epoxy/gl.h>
#include <math.h>
#include <stdio.h>

GtkWidget *lf_window_new_application(GtkApplication *app) { return gtk_application_window_new(app); }
gint lf_key_event_state(GdkModifierType state) { return (gint)(state & gtk_accelerator_get_default_mod_mask()); }

void lf_accessible_set_label(gpointer widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    /* GTK 4.8 has no getter for an accessible property: kept beside it for the focus events. */
    g_object_set_data_full(G_OBJECT(widget), "lf-accessible-label", g_strdup(label), g_free);
}

const char *lf_accessible_label(gpointer widget) {
    return g_object_get_data(G_OBJECT(widget), "lf-accessible-label");
}

GtkWidget *lf_drawing_area_new_button(void) {
    return g_object_new(GTK_TYPE_DRAWING_AREA, "accessible-role", GTK_ACCESSIBLE_ROLE_BUTTON, NULL);
}

void lf_accessible_set_description(gpointer widget, const char *description) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

gboolean lf_label_range_box(GtkWidget *label, int start, int end, graphene_rect_t *box) {
    PangoLayout *layout = gtk_label_get_layout(GTK_LABEL(label));
    int lx = 0, ly = 0;
    gtk_label_get_layout_offsets(GTK_LABEL(label), &lx, &ly);
    gboolean found = FALSE;
    PangoLayoutIter *iter = pango_layout_get_iter(layout);
    do {
        PangoLayoutLine *line = pango_layout_iter_get_line_readonly(iter);
        /* Pango stretches a range that misses a line to the layout's edge: only the lines the
         * text is on count. */
        if (line->start_index >= end || line->start_index + line->length <= start) continue;
        PangoRectangle logical;
        pango_layout_iter_get_line_extents(iter, NULL, &logical);
        int *ranges = NULL, count = 0;
        pango_layout_line_get_x_ranges(line, start, end, &ranges, &count);
        for (int i = 0; i < count; i++) {
            /* (GTK's own ring took in such ranges of the line before: a link starting a line
             * was outlined together with that line.) */
            if (ranges[2 * i + 1] <= ranges[2 * i]) continue;
            graphene_rect_t part = GRAPHENE_RECT_INIT(lx + ranges[2 * i] / (float)PANGO_SCALE,
                                                      ly + logical.y / (float)PANGO_SCALE,
                                                      (ranges[2 * i + 1] - ranges[2 * i]) / (float)PANGO_SCALE,
                                                      logical.height / (float)PANGO_SCALE);
            if (found) graphene_rect_union(box, &part, box); else *box = part;
            found = TRUE;
        }
        g_free(ranges);
    } while (pango_layout_iter_next_line(iter));
    pango_layout_iter_free(iter);
    return found;
}

void lf_accessible_set_value_text(gpointer widget, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text, -1);
}

/* The value that shows [start, start + size) in the visible part [value, value + page) of `adj`,
 * moving as little as it can (gtk_adjustment_clamp_page's sum, without its animation: the focus is
 * told where it shows once the next frame is painted). */
static double lf_value_showing(GtkAdjustment *adj, double start, double size) {
    double value = gtk_adjustment_get_value(adj), page = gtk_adjustment_get_page_size(adj);
    if (start + size > value + page) value = start + size - page;
    if (start < value) value = start;
    double top = gtk_adjustment_get_upper(adj) - page, bottom = gtk_adjustment_get_lower(adj);
    return value > top ? (top > bottom ? top : bottom) : (value < bottom ? bottom : value);
}

/* GTK 4.8's viewport scrolls to its own child when that child takes the focus, not to a widget deeper
 * inside it: Tab along a row of chips or down a grid of tiles left the focus off screen. Each scrolled
 * window between the focus and the window scrolls as little as shows the focused widget, the
 * innermost first. */
gboolean lf_scroll_focus_into_view(GtkWindow *window) {
    gboolean moved = FALSE;
    GtkWidget *focus = gtk_root_get_focus(GTK_ROOT(window));
    if (focus == NULL) return FALSE;
    for (GtkWidget *w = gtk_widget_get_parent(focus); w != NULL; w = gtk_widget_get_parent(w)) {
        if (!GTK_IS_SCROLLED_WINDOW(w)) continue;
        GtkWidget *view = gtk_scrolled_window_get_child(GTK_SCROLLED_WINDOW(w));
        graphene_rect_t box;
        if (view == NULL || !gtk_widget_compute_bounds(focus, view, &box)) continue;
        GtkAdjustment *h = gtk_scrolled_window_get_hadjustment(GTK_SCROLLED_WINDOW(w));
        GtkAdjustment *v = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(w));
        /* The viewport's coordinates are the visible part: the box is where the widget shows now. */
        double hv = gtk_adjustment_get_value(h), vv = gtk_adjustment_get_value(v);
        double x = lf_value_showing(h, hv + box.origin.x, box.size.width);
        double y = lf_value_showing(v, vv + box.origin.y, box.size.height);
        if (x != hv) gtk_adjustment_set_value(h, x);
        if (y != vv) gtk_adjustment_set_value(v, y);
        moved = moved || x != hv || y != vv;
    }
    return moved;
}

/* The viewport GTK 4.8 puts around a child that cannot scroll itself scrolls, animated, by the focused
 * widget's place in the whole child taken as its place in the visible part: past the focus by as much as
 * was already scrolled, and the animation then overrides lf_scroll_focus_into_view for its 0.2 s (Tab
 * along the cover frames left the ring 23 px from where the focus was told). The window scrolls instead. */
void lf_scrolled_window_set_child(GtkScrolledWindow *scroller, GtkWidget *child) {
    gtk_scrolled_window_set_child(scroller, child);
    GtkWidget *view = gtk_scrolled_window_get_child(scroller);
    if (view != NULL && GTK_IS_VIEWPORT(view)) gtk_viewport_set_scroll_to_focus(GTK_VIEWPORT(view), FALSE);
}

/* Whether `w` scrolls its content along `vertical` (a scrolled window or its viewport with more content
 * than it shows): content cut there is scrolled away, not clipped. */
static gboolean lf_scrolls(GtkWidget *w, gboolean vertical) {
    if (GTK_IS_VIEWPORT(w)) w = gtk_widget_get_parent(w);
    if (w == NULL || !GTK_IS_SCROLLED_WINDOW(w)) return FALSE;
    GtkScrolledWindow *sw = GTK_SCROLLED_WINDOW(w);
    GtkAdjustment *a = vertical ? gtk_scrolled_window_get_vadjustment(sw) : gtk_scrolled_window_get_hadjustment(sw);
    return gtk_adjustment_get_upper(a) - gtk_adjustment_get_lower(a) > gtk_adjustment_get_page_size(a) + 0.5;
}

/* Why a shown label's text cannot all be seen, or NULL: its layout was cut short with "…", its text is
 * larger than its box, or its box reaches outside an enclosing widget (GTK 4 lets a child overflow
 * a parent too small for it, and the parts outside a clipping one are not drawn); along a direction a
 * scrolled window scrolls, reaching outside is only scrolled away. Writes its box and its text's size;
 * NULL with a zero box when it shows nowhere (off the window, scrolled or paged away). */
static const char *lf_label_clipped(GtkWidget *label, GtkWidget *window, graphene_rect_t *box, int *tw, int *th,
                                    char *why, size_t why_size) {
    PangoLayout *layout = gtk_label_get_layout(GTK_LABEL(label));
    PangoRectangle logical;
    pango_layout_get_pixel_extents(layout, NULL, &logical);
    *tw = logical.width;
    *th = logical.height;
    if (!gtk_widget_compute_bounds(label, window, box)) return NULL;
    graphene_rect_t window_box = GRAPHENE_RECT_INIT(0, 0, gtk_widget_get_width(window), gtk_widget_get_height(window));
    if (!graphene_rect_intersection(box, &window_box, NULL)) {
        *box = GRAPHENE_RECT_INIT(0, 0, 0, 0);
        return NULL;
    }
    int w = gtk_widget_get_width(label), h = gtk_widget_get_height(label);
    if (pango_layout_is_ellipsized(layout)) return "ellipsized";
    /* (A pixel either way is rounding between Pango units and the allocation.) */
    if (logical.height > h + 1) {
        snprintf(why, why_size, "text %d px tall in %d", logical.height, h);
        return why;
    }
    if (logical.width > w + 1) {
        snprintf(why, why_size, "text %d px wide in %d", logical.width, w);
        return why;
    }
    gboolean check_x = TRUE, check_y = TRUE;
    for (GtkWidget *p = gtk_widget_get_parent(label); p != NULL && (check_x || check_y); p = gtk_widget_get_parent(p)) {
        graphene_rect_t outer;
        if (!gtk_widget_compute_bounds(p, window, &outer)) continue;
        if (p == window) outer = window_box;
        float left = outer.origin.x - box->origin.x, top = outer.origin.y - box->origin.y;
        float right = box->origin.x + box->size.width - (outer.origin.x + outer.size.width);
        float bottom = box->origin.y + box->size.height - (outer.origin.y + outer.size.height);
        gboolean sx = check_x && lf_scrolls(p, FALSE), sy = check_y && lf_scrolls(p, TRUE);
        if ((sx || sy) && !graphene_rect_intersection(box, &outer, NULL)) {
            *box = GRAPHENE_RECT_INIT(0, 0, 0, 0);
            return NULL;
        }
        gboolean out_x = check_x && !sx && (left > 1 || right > 1), out_y = check_y && !sy && (top > 1 || bottom > 1);
        if (out_x || out_y) {
            snprintf(why, why_size, "reaches %.0f px outside its %s", fmaxf(fmaxf(left, right), fmaxf(top, bottom)),
                     G_OBJECT_TYPE_NAME(p));
            return why;
        }
        if (sx) check_x = FALSE;
        if (sy) check_y = FALSE;
    }
    return NULL;
}

static void lf_labels_under(GtkWidget *w, GtkWidget *window, LfLabelHandler handler, gpointer data) {
    if (!gtk_widget_get_mapped(w) || gtk_widget_get_opacity(w) <= 0.0) return;
    if (GTK_IS_LABEL(w)) {
        const char *text = gtk_label_get_text(GTK_LABEL(w));
        if (text == NULL || text[0] == '\0') return;
        graphene_rect_t box;
        int tw = 0, th = 0;
        char why[160];
        const char *clipped = lf_label_clipped(w, window, &box, &tw, &th, why, sizeof why);
        if (box.size.width <= 0 && box.size.height <= 0 && clipped == NULL) return;
        handler(text, &box, tw, th, clipped ? clipped : "", data);
        return;
    }
    for (GtkWidget *c = gtk_widget_get_first_child(w); c != NULL; c = gtk_widget_get_next_sibling(c))
        lf_labels_under(c, window, handler, data);
}

void lf_window_labels(GtkWindow *window, LfLabelHandler handler, gpointer data) {
    lf_labels_under(GTK_WIDGET(window), GTK_WIDGET(window), handler, data);
}

void lf_accessible_set_pressed(gpointer widget, gboolean pressed) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_PRESSED,
                                pressed ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE, -1);
}

/* Files on the clipboard as a desktop puts them there: a file list (text/uri-list and the
 * portal types, GTK's own serializers) and x-special/gnome-copied-files, which file managers
 * paste as a copy. */
void lf_clipboard_set_files(GdkClipboard *clipboard, const char *const *uris, int count) {
    if (count <= 0) return;
    GSList *files = NULL;
    GString *copied = g_string_new("copy");
    for (int i = count - 1; i >= 0; i--) files = g_slist_prepend(files, g_file_new_for_uri(uris[i]));
    for (int i = 0; i < count; i++) g_string_append_printf(copied, "\n%s", uris[i]);
    GdkFileList *list = gdk_file_list_new_from_list(files);
    GBytes *bytes = g_string_free_to_bytes(copied);
    GdkContentProvider *providers[2] = {
        gdk_content_provider_new_typed(GDK_TYPE_FILE_LIST, list),
        gdk_content_provider_new_for_bytes("x-special/gnome-copied-files", bytes),
    };
    GdkContentProvider *both = gdk_content_provider_new_union(providers, 2);
    gdk_clipboard_set_content(clipboard, both);
    g_object_unref(both);
    g_bytes_unref(bytes);
    g_boxed_free(GDK_TYPE_FILE_LIST, list);
    g_slist_free_full(files, g_object_unref);
}

typedef struct {
    GstBuffer *buffer;
    GstVideoFrame frame;
} MappedFrame;

static void mapped_frame_free(gpointer data) {
    MappedFrame *mapped = data;
    gst_video_frame_unmap(&mapped->frame);
    gst_buffer_unref(mapped->buffer);
    g_free(mapped);
}

static gint cpu_drawn_frames;

void lf_texture_set_cpu_drawn_frames(gboolean cpu) {
    g_atomic_int_set(&cpu_drawn_frames, cpu ? 1 : 0);
}

/* When GTK draws on the CPU, gives `texture` the same pixels as a cairo surface (kept alive by
 * `bytes`), which LfFramePaintable paints directly: GTK 4.8's cairo renderer would copy and
 * convert the texture to cairo's format on every paint, pixel by pixel through floats. */
static void attach_cpu_surface(GdkTexture *texture, GBytes *bytes, guchar *pixels, cairo_format_t format,
                               int width, int height, gsize stride) {
    if (!g_atomic_int_get(&cpu_drawn_frames) || stride != (gsize)cairo_format_stride_for_width(format, width)) return;
    cairo_surface_t *surface = cairo_image_surface_create_for_data(pixels, format, width, height, (int)stride);
    static cairo_user_data_key_t bytes_key;
    cairo_surface_set_user_data(surface, &bytes_key, g_bytes_ref(bytes), (cairo_destroy_func_t)g_bytes_unref);
    g_object_set_data_full(G_OBJECT(texture), "lf-frame-surface", surface, (GDestroyNotify)cairo_surface_destroy);
}

cairo_surface_t *lf_texture_get_frame_surface(GdkTexture *texture) {
    return g_object_get_data(G_OBJECT(texture), "lf-frame-surface");
}

GdkTexture *lf_texture_new_from_video_frame(const LfVideoFrame *frame) {
    GdkMemoryFormat format;
    switch (GST_VIDEO_INFO_FORMAT(&frame->info)) {
    case GST_VIDEO_FORMAT_BGRA: case GST_VIDEO_FORMAT_BGRx: format = GDK_MEMORY_B8G8R8A8_PREMULTIPLIED; break;
    case GST_VIDEO_FORMAT_RGBA: case GST_VIDEO_FORMAT_RGBx: format = GDK_MEMORY_R8G8B8A8_PREMULTIPLIED; break;
    case GST_VIDEO_FORMAT_ARGB: case GST_VIDEO_FORMAT_xRGB: format = GDK_MEMORY_A8R8G8B8_PREMULTIPLIED; break;
    default: return NULL;
    }
    MappedFrame *mapped = g_new0(MappedFrame, 1);
    mapped->buffer = gst_buffer_ref(frame->buffer);
    if (!gst_video_frame_map(&mapped->frame, (GstVideoInfo *)&frame->info, mapped->buffer, GST_MAP_READ)) {
        gst_buffer_unref(mapped->buffer);
        g_free(mapped);
        return NULL;
    }
    gint width = GST_VIDEO_FRAME_WIDTH(&mapped->frame);
    gint height = GST_VIDEO_FRAME_HEIGHT(&mapped->frame);
    gsize stride = GST_VIDEO_FRAME_PLANE_STRIDE(&mapped->frame, 0);
    guint8 *pixels = GST_VIDEO_FRAME_PLANE_DATA(&mapped->frame, 0);
    /* Zero copy: the bytes point into the mapped buffer until the texture lets them go. */
    GBytes *bytes = g_bytes_new_with_free_func(pixels, stride * (gsize)height, mapped_frame_free, mapped);
    GdkTexture *texture = gdk_memory_texture_new(width, height, format, bytes, stride);
    /* Opaque: the alpha byte is not read. */
    if (format == GDK_MEMORY_B8G8R8A8_PREMULTIPLIED)
        attach_cpu_surface(texture, bytes, pixels, CAIRO_FORMAT_RGB24, width, height, stride);
    g_bytes_unref(bytes);
    return texture;
}

/* A texture averaged down to `width` x `height` pixels (a few dozen): drawn scaled up, the
 * bilinear filter turns it into a soft, blurred copy for behind the video, at the cost of one
 * small texture instead of a blur every frame. */
GdkTexture *lf_texture_reduce(GdkTexture *texture, int width, int height) {
    if (!texture || width <= 0 || height <= 0) return NULL;
    int src_w = gdk_texture_get_width(texture);
    int src_h = gdk_texture_get_height(texture);
    if (src_w <= 0 || src_h <= 0) return NULL;
    gsize src_stride = (gsize)src_w * 4;
    guchar *src = g_try_malloc(src_stride * (gsize)src_h);
    if (!src) return NULL;
    /* B8G8R8A8 premultiplied, the format gdk_texture_download promises. */
    gdk_texture_download(texture, src, src_stride);
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
    GdkTexture *reduced = gdk_memory_texture_new(width, height, GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, dst_stride);
    g_bytes_unref(bytes);
    return reduced;
}

GdkTexture *lf_texture_new_still(const char *path, int cover_width, int cover_height) {
    if (!path || cover_width <= 0 || cover_height <= 0) return NULL;
    int file_w = 0, file_h = 0;
    if (!gdk_pixbuf_get_file_info(path, &file_w, &file_h) || file_w <= 0 || file_h <= 0) return NULL;
    double scale = MAX((double)cover_width / file_w, (double)cover_height / file_h);
    GdkPixbuf *pixbuf = scale >= 1
        ? gdk_pixbuf_new_from_file(path, NULL)
        : gdk_pixbuf_new_from_file_at_scale(path, MAX(1, (int)ceil(file_w * scale)), MAX(1, (int)ceil(file_h * scale)),
                                            FALSE, NULL);
    if (!pixbuf) return NULL;
    int width = gdk_pixbuf_get_width(pixbuf), height = gdk_pixbuf_get_height(pixbuf);
    int channels = gdk_pixbuf_get_n_channels(pixbuf);
    gboolean alpha = gdk_pixbuf_get_has_alpha(pixbuf);
    int src_stride = gdk_pixbuf_get_rowstride(pixbuf);
    const guchar *src = gdk_pixbuf_read_pixels(pixbuf);
    if (gdk_pixbuf_get_bits_per_sample(pixbuf) != 8 || channels < 3 || width <= 0 || height <= 0) {
        g_object_unref(pixbuf);
        return NULL;
    }
    gsize dst_stride = (gsize)width * 4;
    guchar *dst = g_try_malloc(dst_stride * (gsize)height);
    if (!dst) {
        g_object_unref(pixbuf);
        return NULL;
    }
    for (int y = 0; y < height; y++) {
        const guchar *in = src + (gsize)y * src_stride;
        guchar *out = dst + (gsize)y * dst_stride;
        for (int x = 0; x < width; x++, in += channels, out += 4) {
            guint a = alpha ? in[3] : 255;
            out[0] = (guchar)((in[2] * a + 127) / 255);
            out[1] = (guchar)((in[1] * a + 127) / 255);
            out[2] = (guchar)((in[0] * a + 127) / 255);
            out[3] = (guchar)a;
        }
    }
    g_object_unref(pixbuf);
    GBytes *bytes = g_bytes_new_take(dst, dst_stride * (gsize)height);
    GdkTexture *texture = gdk_memory_texture_new(width, height, GDK_MEMORY_DEFAULT, bytes, dst_stride);
    attach_cpu_surface(texture, bytes, dst, CAIRO_FORMAT_ARGB32, width, height, dst_stride);
    g_bytes_unref(bytes);
    return texture;
}

char *lf_gdk_gl_context_renderer(GdkGLContext *context) {
    gdk_gl_context_make_current(context);
    const GLubyte *renderer = glGetString(GL_RENDERER);
    char *name = renderer != NULL ? g_strdup((const char *)renderer) : NULL;
    gdk_gl_context_clear_current();
    return name;
}
