/// The longest text each field holds, in characters. The library refuses longer text
/// (FeedStorage's `StorageError.tooLong`), the window's fields cut it off as it arrives (never
/// laying out 100,000 pasted characters), and text from feeds is shortened to fit.
public enum TextLimits {
    public static let comment = 2_000
    public static let caption = 2_000
    public static let name = 50
    public static let bio = 160
    public static let handle = 24
}
