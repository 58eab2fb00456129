/// A part's integrity check, the same for every kind: `partHash`, the SHA-256 of the rest of the
/// part as `JSONWriter.write` renders it, written with the part and checked when it is read,
/// before anything in it is believed. A part's counts and sums have no redundancy (a weighted
/// sum is 64 hex digits; a count's digit changed still adds up), so a value changed by hand or
/// by a damaged copy would otherwise merge into silently wrong figures. The job's fingerprint
/// (`contentHash`) is another thing: it names the job, and merge checks parts agree on it.
extension PartFile {
    /// The key of the part's own digest.
    static let sealKey = "partHash"

    /// The part whose fields (in order, `format` and `formatVersion` first) are `fields`, with
    /// `partHash` after them: the one writer of every kind's seal.
    static func sealed(_ fields: [(String, JSONValue)]) -> JSONValue {
        var fields = fields.map { (key: $0.0, value: $0.1, line: 0) }
        fields.insert((key: sealKey, value: .string(sealHash(.object(fields))), line: 0), at: min(2, fields.count))
        return .object(fields)
    }

    /// SHA-256 of `root` without its `partHash` key, as `JSONWriter.write` renders it: the same
    /// for the part as written and as read back (numbers keep their text, keys their order), and
    /// for a part reformatted (`jq -c`) but not changed.
    static func sealHash(_ root: JSONValue) -> String {
        guard case .object(let fields) = root else { return SHA256.hex(JSONWriter.write(root)) }
        return SHA256.hex(JSONWriter.write(.object(fields.filter { $0.key != sealKey })))
    }

    /// Refuses a part whose version carries `partHash` when the hash is missing or does not match
    /// its content, naming the file. A part of a version before the seal has none to check.
    func checkSeal() throws(ScenarioError) {
        guard version >= kind.sealedSince else { return }
        let written = try ObjectReader(file: path, path: "", any: root).string(Self.sealKey)
        let computed = Self.sealHash(root)
        guard written == computed else {
            throw ScenarioError(file: path, keyPath: Self.sealKey, value: written,
                                message: "does not match the part's content (its SHA-256 is \(computed.prefix(12))…): the file was edited "
                                    + "or damaged after simrun wrote it; run its shard again")
        }
    }
}
