package dev.moka.core.tools;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Describes one component of a tool's parameter record for its generated JSON Schema. A component with a
 * {@code defaultValue} or marked {@code optional} is not required; bounds apply to whole numbers.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface Param {
    /** The description the model reads. */
    String value();

    /** The default as a JSON literal ({@code 5}, {@code false}, {@code "text"}); empty for none. */
    String defaultValue() default "";

    long min() default Long.MIN_VALUE;

    long max() default Long.MAX_VALUE;

    /** May be left out and has no default (the component is then null). */
    boolean optional() default false;
}
