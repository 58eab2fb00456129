/// Columns padded to their widest cell.
public enum TextTable {
    public static func render(_ rows: [[String]], rightAligned: PartialRangeFrom<Int>) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { cells in
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }.joined(separator: "  ")
        }
    }
}
