/* The GL frame path's GTK half: GTK's GL context wrapped for GStreamer (as GTK 4.8's own media
 * sink and gtk4paintablesink do it), GL frames as GdkGLTextures, and textures read back. */
#include "lf_gtk_shims.h"
#include <gst/gl/gl.h>

#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#include <gst/gl/x11/gstgldisplay_x11.h>
#endif
#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/wayland/gdkwayland.h>
#include <gst/gl/wayland/gstgldisplay_wayland.h>
#endif
#include <gst/gl/egl/gstgldisplay_egl.h>

GdkGLContext *lf_gdk_gl_context_new(GError **error) {
    GdkDisplay *display = gdk_display_get_default();
    if (display == NULL) {
        g_set_error_literal(error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED, "no display");
        return NULL;
    }
    /* Every GL context GDK makes on a display shares with the display's own, and so with the
     * one GTK's GL renderer draws with: textures made here can be drawn there. */
    GdkGLContext *context = gdk_display_create_gl_context(display, error);
    if (context == NULL) return NULL;
    if (!gdk_gl_context_realize(context, error)) {
        g_object_unref(context);
        return NULL;
    }
    return context;
}

typedef enum { PLATFORM_NONE, PLATFORM_X11_EGL, PLATFORM_X11_GLX, PLATFORM_WAYLAND } Platform;

static Platform platform_of(GdkGLContext *context) {
    GdkDisplay *display = gdk_gl_context_get_display(context);
#ifdef GDK_WINDOWING_X11
    if (GDK_IS_X11_DISPLAY(display))
        return gdk_x11_display_get_egl_display(display) != NULL ? PLATFORM_X11_EGL : PLATFORM_X11_GLX;
#endif
#ifdef GDK_WINDOWING_WAYLAND
    if (GDK_IS_WAYLAND_DISPLAY(display)) return PLATFORM_WAYLAND;
#endif
    (void)display;
    return PLATFORM_NONE;
}

const char *lf_gdk_gl_context_platform(GdkGLContext *context) {
    switch (platform_of(context)) {
    case PLATFORM_X11_EGL: return "EGL on X11";
    case PLATFORM_X11_GLX: return "GLX on X11";
    case PLATFORM_WAYLAND: return "EGL on Wayland";
    default: return "unsupported";
    }
}

/* GStreamer's display for GDK's: EGL when GDK draws with EGL (X11 by default since GTK 4.6, and
 * Wayland), GLX otherwise. */
static GstGLDisplay *gst_display_for(GdkGLContext *context, GstGLPlatform *platform) {
    GdkDisplay *display = gdk_gl_context_get_display(context);
    switch (platform_of(context)) {
#ifdef GDK_WINDOWING_X11
    case PLATFORM_X11_EGL:
        *platform = GST_GL_PLATFORM_EGL;
        return GST_GL_DISPLAY(gst_gl_display_egl_new_with_egl_display(gdk_x11_display_get_egl_display(display)));
    case PLATFORM_X11_GLX:
        *platform = GST_GL_PLATFORM_GLX;
        return GST_GL_DISPLAY(gst_gl_display_x11_new_with_display(gdk_x11_display_get_xdisplay(display)));
#endif
#ifdef GDK_WINDOWING_WAYLAND
    case PLATFORM_WAYLAND:
        *platform = GST_GL_PLATFORM_EGL;
        return GST_GL_DISPLAY(gst_gl_display_wayland_new_with_display(gdk_wayland_display_get_wl_display(display)));
#endif
    default:
        (void)display;
        return NULL;
    }
}

LfGLVideoContext *lf_gl_video_context_new_for_gdk(GdkGLContext *context, GError **error) {
    GstGLPlatform platform = GST_GL_PLATFORM_NONE;
    GstGLDisplay *display = gst_display_for(context, &platform);
    if (display == NULL) {
        g_set_error(error, GST_GL_CONTEXT_ERROR, GST_GL_CONTEXT_ERROR_WRONG_CONFIG, "GDK's %s has no GL GStreamer can share",
                    G_OBJECT_TYPE_NAME(gdk_gl_context_get_display(context)));
        return NULL;
    }
    /* GStreamer reads the handle and API of the context current on this thread: GDK's. */
    gdk_gl_context_make_current(context);
    GstGLAPI api = gst_gl_context_get_current_gl_api(platform, NULL, NULL);
    guintptr handle = gst_gl_context_get_current_gl_context(platform);
    GstGLContext *wrapped = (handle != 0 && api != GST_GL_API_NONE)
        ? gst_gl_context_new_wrapped(display, handle, platform, api) : NULL;
    if (wrapped == NULL) {
        g_set_error_literal(error, GST_GL_CONTEXT_ERROR, GST_GL_CONTEXT_ERROR_FAILED,
                            "GTK's GL context could not be wrapped");
        gst_object_unref(display);
        return NULL;
    }
    gst_gl_context_activate(wrapped, TRUE);
    gboolean filled = gst_gl_context_fill_info(wrapped, error);
    gst_gl_context_activate(wrapped, FALSE);
    LfGLVideoContext *result = filled ? lf_gl_video_context_new(display, wrapped, error) : NULL;
    gst_object_unref(wrapped);
    gst_object_unref(display);
    return result;
}

GdkTexture *lf_gl_texture_new_for_frame(GdkGLContext *context, LfGLVideoContext *video, const LfVideoFrame *frame,
                                        GDestroyNotify release, gpointer data) {
    guint id = lf_video_frame_gl_texture(frame);
    if (id == 0) return NULL;
    gdk_gl_context_make_current(context);
    lf_video_frame_gl_wait(frame, video);
    return gdk_gl_texture_new(context, id, GST_VIDEO_INFO_WIDTH(&frame->info), GST_VIDEO_INFO_HEIGHT(&frame->info),
                              release, data);
}

/* Where pixel (x, y) of a w x h picture lands once turned, in a picture of the turned size. */
static void turned(gint orientation, int x, int y, int w, int h, int *tx, int *ty) {
    switch (orientation) {
    case GST_VIDEO_ORIENTATION_90R: *tx = h - 1 - y; *ty = x; break;
    case GST_VIDEO_ORIENTATION_180: *tx = w - 1 - x; *ty = h - 1 - y; break;
    case GST_VIDEO_ORIENTATION_90L: *tx = y; *ty = w - 1 - x; break;
    case GST_VIDEO_ORIENTATION_HORIZ: *tx = w - 1 - x; *ty = y; break;
    case GST_VIDEO_ORIENTATION_VERT: *tx = x; *ty = h - 1 - y; break;
    case GST_VIDEO_ORIENTATION_UL_LR: *tx = y; *ty = x; break;
    case GST_VIDEO_ORIENTATION_UR_LL: *tx = h - 1 - y; *ty = w - 1 - x; break;
    default: *tx = x; *ty = y; break;
    }
}

GdkTexture *lf_texture_to_memory(GdkTexture *texture, gint orientation) {
    if (GDK_IS_MEMORY_TEXTURE(texture) && orientation == GST_VIDEO_ORIENTATION_IDENTITY) return g_object_ref(texture);
    int w = gdk_texture_get_width(texture), h = gdk_texture_get_height(texture);
    if (w <= 0 || h <= 0) return NULL;
    gsize stride = (gsize)w * 4;
    guchar *pixels = g_try_malloc(stride * (gsize)h);
    if (pixels == NULL) return NULL;
    /* A GL texture is read back in its own context (GDK makes it current). */
    gdk_texture_download(texture, pixels, stride);
    gboolean swap = orientation == GST_VIDEO_ORIENTATION_90R || orientation == GST_VIDEO_ORIENTATION_90L
        || orientation == GST_VIDEO_ORIENTATION_UL_LR || orientation == GST_VIDEO_ORIENTATION_UR_LL;
    int tw = swap ? h : w, th = swap ? w : h;
    guchar *out = pixels;
    if (orientation != GST_VIDEO_ORIENTATION_IDENTITY) {
        out = g_try_malloc(stride * (gsize)h);
        if (out == NULL) {
            g_free(pixels);
            return NULL;
        }
        for (int y = 0; y < h; y++) {
            const guint32 *row = (const guint32 *)(pixels + (gsize)y * stride);
            for (int x = 0; x < w; x++) {
                int tx, ty;
                turned(orientation, x, y, w, h, &tx, &ty);
                ((guint32 *)out)[(gsize)ty * (gsize)tw + (gsize)tx] = row[x];
            }
        }
        g_free(pixels);
    }
    GBytes *bytes = g_bytes_new_take(out, stride * (gsize)h);
    /* B8G8R8A8 premultiplied: the format gdk_texture_download promises. */
    GdkTexture *copy = gdk_memory_texture_new(tw, th, GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, (gsize)tw * 4);
    g_bytes_unref(bytes);
    return copy;
}
