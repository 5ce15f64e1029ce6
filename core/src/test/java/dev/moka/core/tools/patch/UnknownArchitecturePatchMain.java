package dev.moka.core.tools.patch;

import java.io.IOException;

/** Run with {@code -Dos.arch=riscv64}: prints how opening a folder for apply_patch fails there. */
final class UnknownArchitecturePatchMain {
    private UnknownArchitecturePatchMain() {}

    public static void main(String[] args) {
        try {
            DirectoryCalls.openRoot(args[0]);
            System.out.println("opened");
        } catch (IOException e) {
            System.out.println("refused: " + e.getMessage());
        }
    }
}
