import FeedCore
@testable import FeedMedia
import Foundation
import GLibKit
import GStreamerKit
import XCTest

/// Clips for the edit step: 360x640 at 30 fps (small, so the file runs in seconds).
private struct EditClips: Sendable {
    let directory: URL
    /// 4 s of video and AAC sound.
    let withAudio: URL
    /// 3 s, video only.
    let silent: URL
    /// 2 s of Vorbis, as an added sound.
    let music: URL

    static let shared: Result<EditClips, Error> = Result {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("loopfeed-edit-tests-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let video = { (frames: Int) in
            "videotestsrc num-buffers=\(frames) pattern=ball ! video/x-raw,format=I420,width=360,height=640,framerate=30/1 "
                + "! x264enc speed-preset=ultrafast key-int-max=30 ! video/x-h264,profile=main ! h264parse"
        }
        let clips = EditClips(directory: dir, withAudio: dir.appendingPathComponent("av4.mp4"),
                              silent: dir.appendingPathComponent("v3.mp4"), music: dir.appendingPathComponent("music.ogg"))
        try launch("\(video(120)) ! mp4mux name=mux ! filesink location=\(clips.withAudio.path) "
            + "audiotestsrc num-buffers=192 samplesperbuffer=1000 ! audio/x-raw,rate=48000,channels=2 ! audioconvert ! avenc_aac ! mux.")
        try launch("\(video(90)) ! mp4mux ! filesink location=\(clips.silent.path)")
        try launch("audiotestsrc num-buffers=96 samplesperbuffer=1000 ! audio/x-raw,rate=48000 ! audioconvert "
            + "! vorbisenc ! oggmux ! filesink location=\(clips.music.path)")
        return clips
    }

    static func launch(_ description: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
        process.arguments = ["-q"] + description.split(separator: " ").map(String.init)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw NSError(domain: "EditClips", code: 1) }
    }
}

final class ClipRendererTests: XCTestCase {
    private var clips: EditClips { get throws { try EditClips.shared.get() } }
    private var outputs: URL!

    override func setUpWithError() throws {
        outputs = FileManager.default.temporaryDirectory.appendingPathComponent("loopfeed-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: outputs) }

    private func render(_ source: URL, _ edit: ClipEdit, name: String = "out.mp4") -> (Result<URL, ClipRenderError>, [Double]) {
        var fractions: [Double] = []
        let started = Date()
        let result = ClipRenderer(source: source, edit: edit, output: outputs.appendingPathComponent(name))
            .renderNow { fractions.append($0) }
        print("render \(name): \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
        return (result, fractions)
    }

    private func probe(_ url: URL) throws -> (ClipProbe, DiscoveredMedia) {
        (try ClipProbe.probe(url), try DiscoveredMedia.probe(url))
    }

    // MARK: description as data

    func testClipPassDescribesTrimmedEncodedCaptionedOutput() throws {
        let graph = ClipRenderGraph(source: URL(fileURLWithPath: "/clips/a b.mp4"),
                                    probe: ClipProbe(durationSeconds: 4, size: PixelSize(width: 1920, height: 1080), hasAudio: true),
                                    edit: ClipEdit(speed: .double, overlayText: "hi", textPosition: 0.8))
        let pass = graph.clipPass(output: URL(fileURLWithPath: "/out/x.mp4.part"))
        let text = pass.description
        XCTAssertEqual(pass.locations, ["clipfile": "/clips/a b.mp4", "file": "/out/x.mp4.part"])
        XCTAssertFalse(text.contains("/clips"), "paths are properties, never parsed")
        XCTAssertTrue(text.contains("width=720,height=404"), text)
        XCTAssertTrue(text.contains("textoverlay name=caption"), text)
        XCTAssertTrue(text.contains("ypos=0.800"), text)
        XCTAssertFalse(text.contains("hi"), "the caption is set as a property, never parsed")
        XCTAssertTrue(text.contains("x264enc speed-preset=veryfast"), text)
        XCTAssertTrue(text.contains("video/x-h264,profile=main"), text)
        XCTAssertTrue(text.contains("mp4mux name=mux faststart=true"), text)
        XCTAssertTrue(text.contains("scaletempo"), text)
        XCTAssertTrue(text.contains("avenc_aac"), text)
        XCTAssertFalse(graph.needsMixPass)
    }

    func testMixPassAddsSilenceAndTheSoundOnlyWhenNeeded() {
        let sound = ClipEdit.Sound(file: URL(fileURLWithPath: "/m/song.ogg"), volume: 0.5, originalVolume: 0, offsetSeconds: 3)
        let graph = ClipRenderGraph(source: URL(fileURLWithPath: "/c.mp4"),
                                    probe: ClipProbe(durationSeconds: 3, size: PixelSize(width: 720, height: 1280), hasAudio: false),
                                    edit: ClipEdit(sound: sound))
        XCTAssertTrue(graph.needsMixPass)
        let pass = graph.mixPass(stage: URL(fileURLWithPath: "/s.mp4"), output: URL(fileURLWithPath: "/o.mp4"))
        let text = pass.description
        XCTAssertTrue(text.contains("audiotestsrc wave=silence samplesperbuffer=480 num-buffers=300"), text)
        XCTAssertEqual(pass.locations, ["stagefile": "/s.mp4", "file": "/o.mp4", "soundfile": "/m/song.ogg"])
        XCTAssertTrue(text.contains("volume volume=0.500"), text)
        XCTAssertFalse(text.contains("stage.audio_0"), "a clip without sound has no audio to mix")
        XCTAssertEqual(ClipRenderGraph.fittedSize(PixelSize(width: 720, height: 1280)), PixelSize(width: 720, height: 1280))
        XCTAssertEqual(ClipRenderGraph.fittedSize(PixelSize(width: 1080, height: 1920)), PixelSize(width: 720, height: 1280))
        XCTAssertEqual(ClipRenderGraph.fittedSize(PixelSize(width: 640, height: 360)), PixelSize(width: 640, height: 360))
    }

    func testDiskFullIsToldApart() throws {
        // The real message filesink posts when a write hits ENOSPC (/dev/full fails every write).
        GStreamer.initialize()
        let pipeline = try Pipeline.parse("videotestsrc num-buffers=5 ! filesink name=file location=/dev/full")
        pipeline.setState(.playing)
        let message = pipeline.waitForEndOrError(timeoutSeconds: 5)
        pipeline.setState(.null)
        guard case .error(let error, let element, _)? = message else { return XCTFail("no error: \(String(describing: message))") }
        XCTAssertEqual(ClipRenderError.from(error, element: element), .diskFull)
        XCTAssertTrue(ClipRenderError.diskFull.description.hasPrefix("The disk is full"))
    }

    // MARK: rendering

    func testIdentityEditIsNotRendered() throws {
        XCTAssertTrue(ClipEdit().isIdentity)
        XCTAssertTrue(try ClipEdit(trimStart: 0, trimEnd: 4).validated(sourceSeconds: 4).isIdentity)
    }

    func testTrimKeepsTheMiddleTwoSecondsWithBothStreams() throws {
        let (result, fractions) = render(try clips.withAudio, ClipEdit(trimStart: 1, trimEnd: 3))
        let url = try result.get()
        let (info, discovered) = try probe(url)
        XCTAssertEqual(info.durationSeconds, 2, accuracy: 0.15, discovered.report)
        XCTAssertTrue(discovered.hasH264 && discovered.hasAAC, discovered.report)
        XCTAssertEqual(info.size, PixelSize(width: 360, height: 640))
        XCTAssertEqual(fractions.last, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path + ".part"))
    }

    func testDoubleSpeedHalvesAndHalfSpeedDoubles() throws {
        for (speed, expected) in [(ClipEdit.Speed.double, 2.0), (.half, 8.0)] {
            let url = try render(try clips.withAudio, ClipEdit(speed: speed), name: "\(speed.title).mp4").0.get()
            let (info, discovered) = try probe(url)
            XCTAssertEqual(info.durationSeconds, expected, accuracy: 0.2, "\(speed.title): \(discovered.report)")
            XCTAssertTrue(discovered.hasH264 && discovered.hasAAC, discovered.report)
        }
    }

    func testCaptionIsBurntIntoThePicture() throws {
        let plain = try render(try clips.silent, ClipEdit(trimEnd: 1), name: "plain.mp4").0.get()
        let captioned = try render(try clips.silent, ClipEdit(trimEnd: 1, overlayText: "<b>& \"quoted\" \\n", textPosition: 0.5),
                                   name: "text.mp4").0.get()
        XCTAssertEqual(try ClipProbe.probe(captioned).durationSeconds, 1, accuracy: 0.15)
        let a = try CoverFrame.extractNow(from: plain, at: 0.5, to: outputs.appendingPathComponent("a.png")).get()
        let b = try CoverFrame.extractNow(from: captioned, at: 0.5, to: outputs.appendingPathComponent("b.png")).get()
        XCTAssertNotEqual(try Data(contentsOf: a), try Data(contentsOf: b), "the caption changed no pixel")
    }

    /// Issue 9: a post's cover did not carry the text added in the editor. The cover frames are
    /// made from the unrendered clip, so they burn the same caption in themselves, and look as
    /// the posted video does at that moment.
    func testACoverFrameCarriesTheEditsText() throws {
        let edit = ClipEdit(trimEnd: 1, overlayText: "Hello there", textPosition: 0.5)
        let captioned = try render(try clips.silent, edit, name: "cover-text.mp4").0.get()
        let bare = try CoverFrame.extractNow(from: try clips.silent, at: 0.5, to: outputs.appendingPathComponent("bare.png"),
                                             width: 90).get()
        let withText = try CoverFrame.extractNow(from: try clips.silent, at: 0.5,
                                                 to: outputs.appendingPathComponent("with.png"), width: 90, edit: edit).get()
        let fromVideo = try CoverFrame.extractNow(from: captioned, at: 0.5, to: outputs.appendingPathComponent("video.png"),
                                                  width: 90).get()
        XCTAssertNotEqual(try Data(contentsOf: bare), try Data(contentsOf: withText), "the cover has no text")
        // The text is where the video has it: the cover differs from the rendered frame far less
        // than from the bare one.
        let (textVsVideo, textVsBare) = (try PNGDifference.between(withText, fromVideo), try PNGDifference.between(withText, bare))
        XCTAssertLessThan(textVsVideo, textVsBare / 2, "cover vs video \(textVsVideo), cover vs bare \(textVsBare)")
    }

    func testSoundIsMixedIntoAClipWithoutAudio() throws {
        let sound = ClipEdit.Sound(file: try clips.music, volume: 0.8, offsetSeconds: 0.5)
        let url = try render(try clips.silent, ClipEdit(speed: .double, overlayText: "Hello", sound: sound)).0.get()
        let (info, discovered) = try probe(url)
        XCTAssertTrue(info.hasAudio && discovered.hasAAC, discovered.report)
        XCTAssertEqual(info.durationSeconds, 1.5, accuracy: 0.2, discovered.report)
    }

    func testMissingSoundFileIsTypedAndLeavesNothing() throws {
        let sound = ClipEdit.Sound(file: outputs.appendingPathComponent("nope.mp3"))
        let (result, _) = render(try clips.silent, ClipEdit(sound: sound))
        guard case .failure(.unreadableSound(let file, _)) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(file, "nope.mp3")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outputs.path), [])
    }

    func testUnwritableFolderIsAWriteFailure() throws {
        let result = ClipRenderer(source: try clips.silent, edit: ClipEdit(trimEnd: 1),
                                  output: URL(fileURLWithPath: "/proc/loopfeed-no/out.mp4")).renderNow()
        guard case .failure(.writeFailed) = result else { return XCTFail("\(result)") }
    }

    func testUnreadableSourceIsTyped() {
        let result = ClipRenderer(source: outputs.appendingPathComponent("missing.mp4"), edit: ClipEdit(trimEnd: 1),
                                  output: outputs.appendingPathComponent("o.mp4")).renderNow()
        guard case .failure(.unreadableSource) = result else { return XCTFail("\(result)") }
    }

    func testCoverFrameAtATimeIsAPNGOfTheClipsSize() throws {
        XCTAssertEqual(CoverFrame.times(count: 4, durationSeconds: 4), [0.5, 1.5, 2.5, 3.5])
        let png = try CoverFrame.extractNow(from: try clips.withAudio, at: 2.5, to: outputs.appendingPathComponent("c.png")).get()
        let data = try Data(contentsOf: png)
        XCTAssertEqual(Array(data.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        // IHDR width and height, big-endian at bytes 16 and 20.
        func be32(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual([be32(16), be32(20)], [360, 640])
        let early = try CoverFrame.extractNow(from: try clips.withAudio, at: 0, to: outputs.appendingPathComponent("d.png")).get()
        XCTAssertNotEqual(try Data(contentsOf: early), data, "the moving ball differs between 0 s and 2.5 s")
    }

    /// The cover chooser's eight frames, three times over, every one arriving and each differing
    /// from the one before (the ball moves). The earlier pngenc snapshot=true pipeline waited for
    /// an EOS that was lost about one time in twenty-five with both cores busy.
    func testEveryChooserFrameArrives() throws {
        let times = CoverFrame.times(count: 8, durationSeconds: 3)
        var previous: Data?
        for round in 0..<3 {
            for (index, time) in times.enumerated() {
                let result = CoverFrame.extractNow(from: try clips.silent, at: time,
                                                   to: outputs.appendingPathComponent("chooser-\(round)-\(index).png"), width: 90)
                let data = try Data(contentsOf: try result.get())
                XCTAssertNotEqual(data, previous, "round \(round), frame \(index) is the one before it")
                previous = data
            }
        }
    }

    // MARK: rotation

    /// A phone's portrait video stored landscape (160x90) with a rotation tag: probed, rendered
    /// and its cover made upright, 90x160, with no tag left to misread. The fixture is 15 frames
    /// of SMPTE bars from gst-launch, tagged with `ffmpeg -c copy -metadata:s:v:0 rotate=90`
    /// (mp4mux here writes no rotation from a taginject'd orientation).
    func testARotatedVideoComesOutUpright() throws {
        let rotated = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/rotated-portrait.mp4")
        let probed = try ClipProbe.probe(rotated)
        XCTAssertEqual(probed.size, PixelSize(width: 90, height: 160), "the size as displayed")
        let (result, _) = render(rotated, ClipEdit(trimStart: 0.2), name: "upright.mp4")
        let output = try result.get()
        let (after, _) = try probe(output)
        XCTAssertEqual(after.size, PixelSize(width: 90, height: 160))
        let streams = try MediaDiscoverer.discover(uri: output.absoluteString)
        XCTAssertEqual(streams.videoRotation, 0, "the picture itself is upright")
        XCTAssertEqual(streams.videoWidth, 90)
        let png = try CoverFrame.extractNow(from: rotated, at: 0.5, to: outputs.appendingPathComponent("cover.png")).get()
        let header = try Data(contentsOf: png)
        func be32(_ offset: Int) -> Int { header[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual([be32(16), be32(20)], [90, 160], "the cover is upright too")
        // The fixture is SMPTE bars, vertical in the stored landscape picture: turned upright
        // they run across, so along a row the colour stays while down a column it changes.
        let raw = outputs.appendingPathComponent("cover.rgb")
        try runToEnd("filesrc location=\"\(png.path)\" ! pngdec ! videoconvert "
            + "! video/x-raw,format=RGB ! filesink location=\"\(raw.path)\"")
        let pixels = [UInt8](try Data(contentsOf: raw))
        let rowBytes = (90 * 3 + 3) / 4 * 4 // GStreamer's RGB rows are padded to 4 bytes
        XCTAssertEqual(pixels.count, rowBytes * 160)
        func value(_ x: Int, _ y: Int) -> Int { Int(pixels[y * rowBytes + x * 3]) + Int(pixels[y * rowBytes + x * 3 + 1]) }
        var alongRows = 0, downColumns = 0
        // The left 55 columns: where the turned bars are (the noise block sits on the right).
        for y in stride(from: 0, to: 159, by: 4) {
            for x in stride(from: 0, to: 55, by: 3) {
                alongRows += abs(value(x + 1, y) - value(x, y))
                downColumns += abs(value(x, y + 1) - value(x, y))
            }
        }
        XCTAssertLessThan(alongRows * 10, downColumns, "bars still run down the picture: it was not turned")
    }

    func testOrientationTagsGiveTheTurn() {
        XCTAssertEqual(DiscoveredStreams.rotation(fromOrientation: "rotate-90"), 90)
        XCTAssertEqual(DiscoveredStreams.rotation(fromOrientation: "rotate-270"), 270)
        XCTAssertEqual(DiscoveredStreams.rotation(fromOrientation: "flip-rotate-180"), 180)
        XCTAssertEqual(DiscoveredStreams.rotation(fromOrientation: "rotate-0"), 0)
        XCTAssertEqual(DiscoveredStreams.rotation(fromOrientation: "flip-rotate-0"), 0)
    }
}
