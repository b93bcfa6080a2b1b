// A file written whole or not at all. The text goes to a temporary file
// beside the target and is renamed into place by commit(): until then the
// target keeps what it held, and an OutputFile destroyed uncommitted (an
// error, an exception) leaves no trace. Opening at construction means an
// output that cannot be written is reported before any work starts.
#pragma once

#include <fstream>
#include <string>
#include <vector>

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

// A file a command reads or writes, with the option that named it ("--out").
struct NamedFile {
    std::string option;
    std::string path;
};

// Whether two paths name one file however they are spelled (./x, d/../x, a
// link, a hard link): the same device and inode for files that exist, the
// same canonical path for those that do not yet. Devices and pipes
// (/dev/null, /dev/stdout) are never the same: writing them destroys nothing.
bool same_file(const std::string& a, const std::string& b);

// Throws ParseError ("--out 'D' is the same file as --data 'D'") if an output
// is one of the inputs, which writing it would destroy, or another output,
// which only one of the two would survive. Empty paths are skipped.
void refuse_same_files(const std::vector<NamedFile>& outputs, const std::vector<NamedFile>& inputs);

}  // namespace ply
