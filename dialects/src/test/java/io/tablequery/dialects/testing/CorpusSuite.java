package io.tablequery.dialects.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a test class that reads the shared corpora: it runs when they are there, is left out (and counted as such in
 * the build's output) when they are not, and fails when they are required but missing.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(CorpusSuite.TAG)
@ExtendWith(CorpusCondition.class)
public @interface CorpusSuite {
    /** The JUnit tag every corpus suite carries. */
    String TAG = "corpus";
}
