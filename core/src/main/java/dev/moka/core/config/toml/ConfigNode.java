package dev.moka.core.config.toml;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;

/**
 * One value of the merged configuration tree, remembering its full key path and its {@link Origin} so that
 * any later mistake found in it can be reported as {@code file:line: key: problem}.
 */
public sealed interface ConfigNode {

    Origin origin();

    List<String> path();

    /** The message prefix for this value: {@code file:line: dotted.key} or {@code -c key}. */
    default String where() {
        return origin().prefix(path());
    }

    default ConfigException error(String problem) {
        return new ConfigException(where() + ": " + problem);
    }

    /** A leaf as {@link TomlReader} read it: String, Long, Double, Boolean, a java.time value, or a List. */
    record Value(Object value, Origin origin, List<String> path) implements ConfigNode {
        public Value {
            path = List.copyOf(path);
        }
    }

    /** A table whose entries keep the order they had in the file. */
    record Table(SequencedMap<String, ConfigNode> entries, Origin origin, List<String> path) implements ConfigNode {
        public Table {
            entries = Collections.unmodifiableSequencedMap(new LinkedHashMap<>(entries));
            path = List.copyOf(path);
        }

        public static Table empty(Origin origin, List<String> path) {
            return new Table(new LinkedHashMap<>(), origin, path);
        }

        /** The entry named {@code key}, or null. */
        public ConfigNode get(String key) {
            return entries.get(key);
        }

        /**
         * A copy with {@code node} placed at {@code keys} below this table. Missing tables on the way are
         * created, and a plain value on the way is replaced by a table, as a {@code -c} override means.
         */
        public Table with(List<String> keys, ConfigNode node) {
            String head = keys.getFirst();
            ConfigNode replacement = node;
            if (keys.size() > 1) {
                List<String> childPath = append(path, head);
                Table child = entries.get(head) instanceof Table t ? t : empty(node.origin(), childPath);
                replacement = child.with(keys.subList(1, keys.size()), node);
            }
            SequencedMap<String, ConfigNode> copy = new LinkedHashMap<>(entries);
            copy.put(head, replacement);
            return new Table(copy, origin, path);
        }
    }

    static List<String> append(List<String> path, String key) {
        List<String> out = new ArrayList<>(path.size() + 1);
        out.addAll(path);
        out.add(key);
        return List.copyOf(out);
    }
}
