/* Shared between the GStreamer shims' own files; not part of the module. */
#ifndef LF_GST_PRIVATE_H
#define LF_GST_PRIVATE_H

#include "lf_gst_shims.h"

/* GST_CAPS_FEATURE_MEMORY_GL_MEMORY, spelled out so this header needs no GL headers. */
#define LF_CAPS_FEATURE_GL_MEMORY "memory:GLMemory"

/* Maps `frame`'s GL memory as textures (GST_MAP_GL) and sets a sync point after the GPU work
 * that made it; FALSE when the memory is not GL memory or cannot be mapped. */
gboolean lf_video_frame_map_gl(LfVideoFrame *frame);

#endif
