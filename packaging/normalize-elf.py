#!/usr/bin/env python3
"""Makes a stripped Swift executable independent of the folder it was built in.

swiftc writes into every object a 16-byte `.swift_modhash`: an MD5 of the object's LLVM
module, used only by the compiler to skip unchanged code generation on the next build. The
module's name is the absolute path of the object file, so the hash (and with it the GNU
build ID the linker computes over the whole output) changes with the build folder, while
every other byte is the same. Nothing reads the section at run time.

This zeroes `.swift_modhash` in place (the layout does not change) and sets the build ID
to the first 20 bytes of the SHA-1 of the file with its build ID zeroed, as
`debugedit --build-id` does. Usage: normalize-elf.py FILE
"""
import hashlib
import struct
import sys


def sections(data):
    """(name, offset, size) of each section of a little-endian ELF64 file."""
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        sys.exit("normalize-elf: not a little-endian ELF64 file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    strtab = headers[shstrndx][4]
    for h in headers:
        name = data[strtab + h[0]:data.index(b"\0", strtab + h[0])].decode()
        yield name, h[4], h[5], h[1]


def main(path):
    data = bytearray(open(path, "rb").read())
    build_id = None
    for name, offset, size, kind in sections(data):
        if name == ".swift_modhash" and kind != 8:  # 8: SHT_NOBITS
            data[offset:offset + size] = bytes(size)
        elif name == ".note.gnu.build-id":
            namesz, descsz, ntype = struct.unpack_from("<III", data, offset)
            desc = offset + 12 + ((namesz + 3) & ~3)
            if ntype == 3 and descsz >= 20:
                build_id = (desc, descsz)
    if build_id:
        desc, descsz = build_id
        data[desc:desc + descsz] = bytes(descsz)
        digest = hashlib.sha1(data).digest()
        data[desc:desc + descsz] = (digest * 2)[:descsz]
    open(path, "wb").write(data)


if __name__ == "__main__":
    main(sys.argv[1])
