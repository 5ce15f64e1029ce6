package dev.moka.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What every protocol value looks like as JSON, pinned in {@code golden/*.json}: a change of shape is a
 * change of the protocol, made on purpose. Run with {@code -Dmoka.golden.update=true} to rewrite the files
 * after such a change, and read the diff.
 */
class ProtocolGoldenTest {
    private static final Path SOURCE_GOLDEN = Path.of("src/test/resources/golden");

    @Test
    void everyEventHasItsGoldenShapeAndReadsBack() throws IOException {
        matchesGolden("event_msg.json", ProtocolSamples.events(), Json.MAPPER::valueToTree);
        readsBack("event_msg.json", ProtocolSamples.events(), node -> Json.MAPPER.treeToValue(node, EventMsg.class));
    }

    @Test
    void everyOpHasItsGoldenShapeAndReadsBack() throws IOException {
        matchesGolden("op.json", ProtocolSamples.ops(), Json.MAPPER::valueToTree);
        readsBack("op.json", ProtocolSamples.ops(), node -> Json.MAPPER.treeToValue(node, Op.class));
    }

    @Test
    void everyResponseItemHasItsGoldenWireShapeAndReadsBack() throws IOException {
        matchesGolden("response_item.json", ProtocolSamples.responseItems(), ResponseItemCodec::toJson);
        readsBack("response_item.json", ProtocolSamples.responseItems(), ResponseItemCodec::fromJson);
    }

    @Test
    void inputItemsSandboxPoliciesAndParsedCommandsHaveTheirGoldenShapes() throws IOException {
        matchesGolden("input_item.json", ProtocolSamples.inputItems(), Json.MAPPER::valueToTree);
        readsBack("input_item.json", ProtocolSamples.inputItems(), n -> Json.MAPPER.treeToValue(n, InputItem.class));
        matchesGolden("sandbox_policy.json", ProtocolSamples.sandboxPolicies(), Json.MAPPER::valueToTree);
        readsBack("sandbox_policy.json", ProtocolSamples.sandboxPolicies(),
                n -> Json.MAPPER.treeToValue(n, SandboxPolicy.class));
        matchesGolden("parsed_command.json", ProtocolSamples.parsedCommands(), Json.MAPPER::valueToTree);
        readsBack("parsed_command.json", ProtocolSamples.parsedCommands(),
                n -> Json.MAPPER.treeToValue(n, ParsedCommand.class));
    }

    @Test
    void wireEnumsKeepTheirWireNames() throws IOException {
        List<Class<? extends Enum<?>>> enums = List.of(AskForApproval.class, SandboxMode.class, ReasoningEffort.class,
                ReasoningSummary.class, Verbosity.class, ReviewDecision.class, ElicitationAction.class,
                StepStatus.class,
                ExecOutputStream.class, NetworkAccess.class, Role.class);
        ObjectNode actual = Json.object();
        for (Class<? extends Enum<?>> type : enums) {
            var values = actual.putArray(type.getSimpleName());
            for (Enum<?> constant : type.getEnumConstants()) {
                values.add(Json.MAPPER.valueToTree(constant));
                assertThat(Json.MAPPER.treeToValue(Json.MAPPER.valueToTree(constant), type)).isEqualTo(constant);
            }
        }
        assertGolden("wire_enums.json", actual);
    }

    @Test
    void everyVariantOfEverySealedFamilyHasASample() {
        assertThat(classes(ProtocolSamples.events())).containsExactlyInAnyOrderElementsOf(variants(EventMsg.class));
        assertThat(classes(ProtocolSamples.ops())).containsExactlyInAnyOrderElementsOf(variants(Op.class));
        assertThat(classes(ProtocolSamples.responseItems()))
                .containsExactlyInAnyOrderElementsOf(variants(ResponseItem.class));
        assertThat(classes(ProtocolSamples.inputItems())).containsExactlyInAnyOrderElementsOf(variants(InputItem.class));
        assertThat(classes(ProtocolSamples.sandboxPolicies()))
                .containsExactlyInAnyOrderElementsOf(variants(SandboxPolicy.class));
        assertThat(classes(ProtocolSamples.parsedCommands()))
                .containsExactlyInAnyOrderElementsOf(variants(ParsedCommand.class));
        Set<Class<?>> contentParts = new LinkedHashSet<>();
        ProtocolSamples.responseItems().forEach(item -> {
            if (item instanceof ResponseItem.Message m) {
                m.content().forEach(part -> contentParts.add(part.getClass()));
            }
        });
        assertThat(contentParts).containsExactlyInAnyOrderElementsOf(variants(ContentItem.class));
    }

    @Test
    void everyEventIsRegisteredOnceUnderASnakeCaseNameAndUnknownIsTheFallback() {
        JsonSubTypes.Type[] registered = EventMsg.class.getAnnotation(JsonSubTypes.class).value();
        assertThat(Arrays.stream(registered).map(JsonSubTypes.Type::value).toList())
                .doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(variants(EventMsg.class).stream()
                        .filter(type -> type != EventMsg.Unknown.class).toList());
        assertThat(registered).allSatisfy(type -> assertThat(type.name()).matches("[a-z]+(_[a-z]+)*"));
        assertThat(Arrays.stream(registered).map(JsonSubTypes.Type::name).toList()).doesNotHaveDuplicates();
    }

    @Test
    void anEventOfAnUnknownTypeIsKeptWholeAndWrittenBackAsItCame() {
        String json = "{\"type\":\"thread_rolled_back\",\"num_turns\":2,\"nested\":{\"a\":[1,2]}}";
        EventMsg event = Json.MAPPER.readValue(json, EventMsg.class);
        assertThat(event).isInstanceOf(EventMsg.Unknown.class);
        assertThat(Json.MAPPER.writeValueAsString(event)).isEqualTo(json);
    }

    @Test
    void aMessageWithARoleThisVersionDoesNotKnowIsKeptAsAnUnknownItem() {
        var json = Json.object().put("type", "message").put("role", "critic");
        json.putArray("content").addObject().put("type", "input_text").put("text", "hm");
        assertThat(ResponseItemCodec.fromJson(json)).isEqualTo(new ResponseItem.Unknown(json));
    }

    private static <T> void matchesGolden(String file, List<T> samples, Function<T, JsonNode> toJson)
            throws IOException {
        ObjectNode actual = Json.object();
        List<String> keys = keys(samples);
        for (int i = 0; i < samples.size(); i++) {
            actual.set(keys.get(i), toJson.apply(samples.get(i)));
        }
        assertGolden(file, actual);
    }

    private static <T> void readsBack(String file, List<T> samples, Function<JsonNode, T> fromJson)
            throws IOException {
        JsonNode golden = golden(file);
        List<String> keys = keys(samples);
        for (int i = 0; i < samples.size(); i++) {
            assertThat(fromJson.apply(golden.get(keys.get(i)))).as(keys.get(i)).isEqualTo(samples.get(i));
        }
    }

    private static void assertGolden(String file, ObjectNode actual) throws IOException {
        if (Boolean.getBoolean("moka.golden.update")) {
            Files.createDirectories(SOURCE_GOLDEN);
            Files.writeString(SOURCE_GOLDEN.resolve(file),
                    Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(actual) + "\n");
            return;
        }
        // Through text, so a long and an int of the same value compare equal.
        assertThat(Json.parse(actual.toString())).as("golden/" + file).isEqualTo(golden(file));
    }

    private static JsonNode golden(String file) throws IOException {
        try (InputStream in = ProtocolGoldenTest.class.getResourceAsStream("/golden/" + file)) {
            assertThat(in).as("golden/" + file + " exists").isNotNull();
            return Json.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    /** One key per sample: its variant's name, numbered from the second sample of the same variant on. */
    private static List<String> keys(List<?> samples) {
        List<String> keys = new java.util.ArrayList<>();
        java.util.Map<String, Integer> seen = new java.util.HashMap<>();
        for (Object sample : samples) {
            String name = name(sample.getClass());
            int n = seen.merge(name, 1, Integer::sum);
            keys.add(n == 1 ? name : name + "#" + n);
        }
        return keys;
    }

    private static String name(Class<?> type) {
        return type.getEnclosingClass().getSimpleName() + "." + type.getSimpleName();
    }

    private static Set<Class<?>> classes(List<?> samples) {
        Set<Class<?>> classes = new LinkedHashSet<>();
        samples.forEach(sample -> classes.add(sample.getClass()));
        return classes;
    }

    private static List<Class<?>> variants(Class<?> sealed) {
        return List.of(sealed.getPermittedSubclasses());
    }
}
