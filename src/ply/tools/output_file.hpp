// A file written whole or not at all. The text goes to a temporary file
// beside the target and is renamed into place by commit(): until then the
// target keeps what it held, and an OutputFile destroyed uncommitted (an
// error, an exception) leaves no trace. Opening at construction means an
// output that cannot be written is reported before any work starts.
#pragma once

#include <fstream>
#include <string>

namespace ply {

class OutputFile {
public:
    // Throws ParseError ("cannot write 'dir/x.pgn': No such file or directory").
    // A device or pipe (/dev/stdout) is written directly.
    explicit OutputFile(std::string path);
    ~OutputFile();
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    std::ostream& stream() { return stream_; }
    // Where the text goes until commit(), for programs that write the file
    // themselves (Graphviz's `dot -o`), leaving stream() unused.
    const std::string& temporary_path() const { return temporary_; }
    const std::string& path() const { return path_; }
    // Flushes and renames into place; throws ParseError if the text could not
    // all be written (the target then keeps its old contents).
    void commit();

private:
    std::string path_, temporary_, target_;  // target_: path_, or the file its link names
    std::ofstream stream_;
    bool committed_ = false;
    bool direct_ = false;  // a device or pipe: written in place
};

}  // namespace ply
