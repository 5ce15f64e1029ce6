package dev.moka.core.sandbox;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * The seccomp program every sandboxed command runs under, as classic BPF ({@code struct sock_filter}s):
 * calls that let a command reach past the sandbox (tracing other processes, kernel interfaces that bypass
 * file permissions, mounting, new namespaces, loading kernel code) fail with EPERM; with the network off,
 * so does creating any socket but a Unix one, and, where no network namespace of its own keeps the command
 * from the sockets outside ({@link UnixSockets#NO_CONNECT}), connecting any socket and making Unix datagram
 * sockets (which can send to a named socket without connecting).
 */
final class SeccompFilter {
    private static final int LD_W_ABS = 0x20;
    private static final int JEQ_K = 0x15;
    private static final int JGE_K = 0x35;
    private static final int RET_K = 0x06;
    private static final int RET_ALLOW = 0x7fff0000;
    private static final int RET_ERRNO = 0x00050000;
    private static final int RET_KILL_PROCESS = 0x80000000;
    private static final int EPERM = 1;
    private static final int EAFNOSUPPORT = 97;
    private static final int EACCES = 13;
    private static final int ALU_AND_K = 0x54;
    private static final int SOCK_TYPE_MASK = 0xf;
    private static final int SOCK_DGRAM = 2;
    private static final int OFFSET_ARG1 = 24;
    private static final int AF_UNIX = 1;
    private static final int X32_SYSCALL_BIT = 0x40000000;
    private static final int OFFSET_NR = 0;
    private static final int OFFSET_ARCH = 4;
    private static final int OFFSET_ARG0 = 16;

    /** What a sandbox with the network off lets a command do with Unix sockets. */
    enum UnixSockets {
        /**
         * Everything: the command has a network namespace of its own (no abstract socket from outside) and
         * bubblewrap hides the sockets bound outside, so what it can reach is what it made itself.
         */
        OWN_NAMESPACE,
        /** socketpair only (stream and seqpacket): connecting is refused, since every socket outside is in reach. */
        NO_CONNECT
    }

    /** The system call numbers of one architecture. */
    record Arch(int auditArch, boolean x32Bit, int socket, int socketpair, int connect, List<Integer> denied) {}

    static final Arch X86_64 = new Arch(0xC000003E, true, 41, 53, 42, List.of(
            101, // ptrace
            310, 311, // process_vm_readv, process_vm_writev
            425, 426, 427, // io_uring_setup, io_uring_enter, io_uring_register
            321, // bpf
            298, // perf_event_open
            248, 249, 250, // add_key, request_key, keyctl
            165, 166, 155, // mount, umount2, pivot_root
            428, 429, 430, 431, 432, 433, 442, // open_tree, move_mount, fsopen, fsconfig, fsmount, fspick, mount_setattr
            272, 308, // unshare, setns
            246, 320, 175, 313, 176, // kexec_load, kexec_file_load, init_module, finit_module, delete_module
            323)); // userfaultfd
    static final Arch AARCH64 = new Arch(0xC00000B7, false, 198, 199, 203, List.of(
            117, 270, 271, 425, 426, 427, 280, 241, 217, 218, 219, 40, 39, 41,
            428, 429, 430, 431, 432, 433, 442, 97, 268, 104, 294, 105, 273, 106, 282));

    private SeccompFilter() {}

    /** The architecture this JVM runs on, or null when the filter does not know it. */
    static Arch current() {
        return switch (System.getProperty("os.arch")) {
            case "amd64", "x86_64" -> X86_64;
            case "aarch64", "arm64" -> AARCH64;
            default -> null;
        };
    }

    /** The program for {@code arch}, ready for {@code bwrap --seccomp} or {@code PR_SET_SECCOMP}. */
    static byte[] program(Arch arch, boolean network, UnixSockets unix) {
        ByteBuffer out = ByteBuffer.allocate(8 * (arch.denied().size() * 2 + 24)).order(ByteOrder.LITTLE_ENDIAN);
        statement(out, LD_W_ABS, OFFSET_ARCH);
        jump(out, JEQ_K, arch.auditArch(), 1, 0);
        statement(out, RET_K, RET_KILL_PROCESS);
        statement(out, LD_W_ABS, OFFSET_NR);
        if (arch.x32Bit()) {
            jump(out, JGE_K, X32_SYSCALL_BIT, 0, 1);
            statement(out, RET_K, RET_ERRNO | EPERM);
        }
        for (int nr : arch.denied()) {
            jump(out, JEQ_K, nr, 0, 1);
            statement(out, RET_K, RET_ERRNO | EPERM);
        }
        if (!network) {
            if (unix == UnixSockets.NO_CONNECT) {
                unixWithoutConnect(out, arch);
            } else {
                jump(out, JEQ_K, arch.socket(), 0, 3);
                statement(out, LD_W_ABS, OFFSET_ARG0);
                jump(out, JEQ_K, AF_UNIX, 1, 0);
                statement(out, RET_K, RET_ERRNO | EAFNOSUPPORT);
            }
        }
        statement(out, RET_K, RET_ALLOW);
        byte[] program = new byte[out.position()];
        out.flip().get(program);
        return program;
    }

    /**
     * connect fails with EACCES; socket makes Unix stream and seqpacket sockets only, socketpair the same.
     * The accumulator holds the call number on entry.
     */
    private static void unixWithoutConnect(ByteBuffer out, Arch arch) {
        jump(out, JEQ_K, arch.connect(), 0, 1);
        statement(out, RET_K, RET_ERRNO | EACCES);
        jump(out, JEQ_K, arch.socketpair(), 4, 0);
        jump(out, JEQ_K, arch.socket(), 0, 7);
        statement(out, LD_W_ABS, OFFSET_ARG0);
        jump(out, JEQ_K, AF_UNIX, 1, 0);
        statement(out, RET_K, RET_ERRNO | EAFNOSUPPORT);
        // Both calls take the type second; its low bits are the kind, the rest flags (SOCK_CLOEXEC...).
        statement(out, LD_W_ABS, OFFSET_ARG1);
        statement(out, ALU_AND_K, SOCK_TYPE_MASK);
        jump(out, JEQ_K, SOCK_DGRAM, 0, 1);
        statement(out, RET_K, RET_ERRNO | EACCES);
    }

    private static void statement(ByteBuffer out, int code, int k) {
        jump(out, code, k, 0, 0);
    }

    private static void jump(ByteBuffer out, int code, int k, int ifTrue, int ifFalse) {
        out.putShort((short) code).put((byte) ifTrue).put((byte) ifFalse).putInt(k);
    }
}
