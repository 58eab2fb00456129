/// Rows of cells as aligned columns, for the decision commands' text (`ablate`, `robust`,
/// `optimize`): the columns in `left` left-aligned, the others right-aligned, two spaces between
/// columns, no trailing spaces. Rows may differ in length.
enum TextColumns {
    /// - Complexity: O(cells).
    static func aligned(_ rows: [[String]], left: Set<Int>, indent: String = "") -> String {
        var widths: [Int] = []
        for row in rows {
            for (index, cell) in row.enumerated() {
                if index == widths.count { widths.append(0) }
                widths[index] = max(widths[index], cell.count)
            }
        }
        return rows.map { row in
            indent + row.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return left.contains(index) ? cell + pad : pad + cell
            }.joined(separator: "  ").trailingSpacesTrimmed + "\n"
        }.joined()
    }
}
