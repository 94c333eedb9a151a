public import FeedCore
public import Foundation
import GLibKit

/// The edit step's pipelines described as data. Two passes, because a trim and a speed are one
/// pipeline-wide seek (start, stop, rate) that would also cut and speed up an added sound:
/// 1. `clipPass`: the clip trimmed and re-timed by the seek (scaletempo keeps the pitch), scaled
///    to fit 720x1280, the caption burnt in, H.264 Main + AAC.
/// 2. `mixPass` (only with a sound, or a source without audio): the video copied as it is, its
///    sound mixed with the added track (skipped to its offset by a negative pad offset, cut by
///    the seek's stop) over a bed of silence exactly as long as the video.
public struct ClipRenderGraph: Sendable, Equatable {
    public static let maximumSize = PixelSize(width: 720, height: 1280)
    public static let sampleRate = 48_000
    static let audioCaps = "audio/x-raw,format=S16LE,layout=interleaved,rate=\(sampleRate),channels=2"

    public var source: URL
    public var probe: ClipProbe
    /// Validated against the probe's duration.
    public var edit: ClipEdit
    public var framesPerSecond = 30

    public init(source: URL, probe: ClipProbe, edit: ClipEdit) {
        self.source = source
        self.probe = probe
        self.edit = edit
    }

    public var resultSeconds: Double { edit.resultDuration(sourceSeconds: probe.durationSeconds) }
    public var needsMixPass: Bool { edit.sound != nil || !probe.hasAudio }

    /// The source's size, or scaled down to fit 720x1280 keeping its aspect, both sides even.
    public var outputSize: PixelSize {
        Self.fittedSize(probe.size ?? Self.maximumSize)
    }

    public static func fittedSize(_ size: PixelSize) -> PixelSize {
        guard !size.isEmpty else { return maximumSize }
        let scale = min(1, Double(maximumSize.width) / Double(size.width), Double(maximumSize.height) / Double(size.height))
        func even(_ value: Double) -> Int { max(2, Int(value / 2) * 2) }
        return PixelSize(width: even(Double(size.width) * scale), height: even(Double(size.height) * scale))
    }

    /// Bold, outlined and shadowed, about 1/26 of the picture's height (~49 px at 1280).
    public var captionFont: String { "Sans Bold \(max(10, outputSize.height / 26))" }

    /// The caption's element; its text is set as a property after parsing, so no quoting or
    /// markup in the text can change the pipeline or the rendering.
    public static let captionElement = "caption"
    /// Named queues whose upstream position gives progress, and the added sound's branch.
    public static let videoInput = "videoin"
    public static let soundInput = "soundin"
    /// Both passes write through a filesink called this (its errors are write failures).
    public static let fileSink = "file"

    /// A number for pipeline text, with three decimals and always a point: String(format:)
    /// would write the process locale's decimal comma.
    static func number(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let magnitude = abs(thousandths)
        let fraction = String(magnitude % 1000)
        return (thousandths < 0 ? "-" : "") + "\(magnitude / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// textoverlay's `text` property is read as Pango markup: escaped, "<b>&" shows literally.
    public static func markupEscaped(_ text: String) -> String { Markup.escape(text) }

    /// The caption burnt in at `outputSize` ("! textoverlay ... "), empty without text; its text
    /// is set on the element named `captionElement` after parsing. The cover frames use it too,
    /// so a cover shows the text the video has.
    public var captionStage: String {
        guard edit.overlayText != nil else { return "" }
        return "! textoverlay name=\(Self.captionElement) font-desc=\"\(captionFont)\" auto-resize=false "
            + "draw-shadow=true draw-outline=true halignment=center valignment=position "
            + "xpos=0.5 ypos=\(Self.number(edit.textPosition)) wrap-mode=wordchar line-alignment=center "
    }

    /// Pass 1: writes the trimmed, re-timed, captioned clip to `output`.
    public func clipPass(output: URL) -> PipelineText {
        let size = outputSize
        let caption = captionStage
        var description = "filesrc name=clipfile ! decodebin name=source "
            + "source. ! video/x-raw ! queue name=\(Self.videoInput) ! videoflip video-direction=auto ! videoconvert ! videoscale ! videorate "
            + "! video/x-raw,width=\(size.width),height=\(size.height),pixel-aspect-ratio=1/1,framerate=\(framesPerSecond)/1 "
            + caption
            + "! videoconvert ! video/x-raw,format=I420 ! x264enc speed-preset=veryfast key-int-max=\(framesPerSecond) "
            + "! video/x-h264,profile=main ! h264parse ! mp4mux name=mux faststart=true "
            + "! filesink name=\(Self.fileSink)"
        if probe.hasAudio {
            // scaletempo turns the seek's rate into shorter or longer sound at the same pitch.
            let volume = edit.sound.map { $0.originalVolume } ?? 1
            description += " source. ! audio/x-raw ! queue ! audioconvert ! scaletempo ! audioconvert ! audioresample "
                + "! volume volume=\(Self.number(volume)) ! \(Self.audioCaps) ! audioconvert ! avenc_aac ! aacparse ! mux."
        }
        return PipelineText(description, locations: ["clipfile": source.path, Self.fileSink: output.path])
    }

    /// Pass 2: `stage` (pass 1's file) with its sound mixed with the added one into `output`.
    public func mixPass(stage: URL, output: URL) -> PipelineText {
        let bufferSamples = Self.sampleRate / 100
        let silenceBuffers = Int((resultSeconds * 100).rounded(.up))
        var locations = ["stagefile": stage.path, Self.fileSink: output.path]
        // One demuxer thread feeds both the video and the sound to be mixed, and the muxer takes
        // them in time order: a bounded queue on either side can fill while the other waits, and
        // the render stands still for good (seen at 96 % on a slow machine). The stage file is
        // already encoded and at most a few minutes long, so its streams queue unbounded.
        let unbounded = "queue max-size-buffers=0 max-size-bytes=0 max-size-time=0"
        var description = "filesrc name=stagefile ! qtdemux name=stage "
            + "stage.video_0 ! \(unbounded) name=\(Self.videoInput) ! h264parse ! mp4mux name=mux faststart=true "
            + "! filesink name=\(Self.fileSink) "
            + "audiomixer name=mix ! audioconvert ! avenc_aac ! aacparse ! mux. "
            + "audiotestsrc wave=silence samplesperbuffer=\(bufferSamples) num-buffers=\(silenceBuffers) ! \(Self.audioCaps) ! mix."
        if probe.hasAudio {
            description += " stage.audio_0 ! \(unbounded) ! aacparse ! avdec_aac ! audioconvert ! audioresample ! \(Self.audioCaps) ! mix."
        }
        if let sound = edit.sound {
            description += " filesrc name=soundfile ! decodebin ! audioconvert ! audioresample "
                + "! volume volume=\(Self.number(sound.volume)) ! \(Self.audioCaps) ! queue name=\(Self.soundInput) ! mix."
            locations["soundfile"] = sound.file.path
        }
        return PipelineText(description, locations: locations)
    }
}
