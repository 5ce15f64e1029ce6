package dev.moka.cli;

/** Which conversation {@code exec} continues: none (a new one), the latest, or one by id. */
record ResumeTarget(Kind kind, String id) {
    enum Kind { NONE, LATEST, BY_ID }

    static final ResumeTarget NONE = new ResumeTarget(Kind.NONE, null);
    static final ResumeTarget LATEST = new ResumeTarget(Kind.LATEST, null);

    static ResumeTarget byId(String id) {
        return new ResumeTarget(Kind.BY_ID, id);
    }
}
