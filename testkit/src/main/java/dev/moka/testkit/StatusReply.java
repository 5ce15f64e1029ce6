package dev.moka.testkit;

import java.util.ArrayList;
import java.util.List;

/** A plain HTTP answer: status code, JSON body and extra headers, in the order they were added. */
public record StatusReply(int code, String body, List<Header> headers) implements Reply {

    /** One response header. */
    public record Header(String name, String value) {}

    public StatusReply {
        headers = List.copyOf(headers);
        body = body == null ? "" : body;
    }

    /** A copy of this reply that also sends {@code name: value}. */
    public StatusReply header(String name, String value) {
        List<Header> more = new ArrayList<>(headers);
        more.add(new Header(name, value));
        return new StatusReply(code, body, more);
    }
}
