package io.tablequery.engine.duck;

import io.tablequery.engine.result.CellText;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FloatingPointVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VariableWidthFieldVector;
import org.apache.arrow.vector.complex.BaseListVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;

/**
 * Turns one value of an Arrow vector into a JSON value: numbers and booleans as themselves, temporal values in
 * DuckDB's text form ({@code 2025-01-02 10:00:00.123}, time zones as {@code +00}), lists as arrays, structs and maps
 * as objects, blobs as DuckDB's escaped text, and every string cut to the string limit. JSON has no NaN or infinity;
 * those are given as text.
 */
final class ArrowJson {
    private static final DateTimeFormatter TIME = new DateTimeFormatterBuilder()
            .appendPattern("HH:mm:ss")
            .optionalStart()
            .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
            .optionalEnd()
            .toFormatter();
    private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-MM-dd ")
            .append(TIME)
            .toFormatter();

    private final DictionaryProvider dictionaries;
    private final int maxStringChars;

    ArrowJson(DictionaryProvider dictionaries, int maxStringChars) {
        this.dictionaries = dictionaries;
        this.maxStringChars = maxStringChars;
    }

    /**
     * Returns a value as JSON takes it.
     *
     * @param vector the column
     * @param index the row
     * @return a number, boolean, string, list, map, or null
     */
    Object value(ValueVector vector, int index) {
        if (vector.isNull(index)) {
            return null;
        }
        DictionaryEncoding encoding = vector.getField().getDictionary();
        if (encoding != null && vector instanceof BaseIntVector indices) {
            Dictionary dictionary = dictionaries.lookup(encoding.getId());
            return value(dictionary.getVector(), (int) indices.getValueAsLong(index));
        }
        if (vector instanceof BitVector bits) {
            return bits.get(index) != 0;
        }
        if (vector instanceof UInt8Vector unsigned) {
            return unsigned.getObjectNoOverflow(index);
        }
        if (vector instanceof BaseIntVector integers) {
            return integers.getValueAsLong(index);
        }
        if (vector instanceof FloatingPointVector floats) {
            double value = floats.getValueAsDouble(index);
            return Double.isFinite(value) ? (Object) value : Double.toString(value);
        }
        if (vector instanceof DecimalVector decimals) {
            return decimal(decimals.getObject(index));
        }
        if (vector instanceof Decimal256Vector decimals) {
            return decimal(decimals.getObject(index));
        }
        if (vector instanceof DateDayVector days) {
            return LocalDate.ofEpochDay(days.get(index)).toString();
        }
        if (vector instanceof DateMilliVector millis) {
            return millis.getObject(index).toLocalDate().toString();
        }
        if (vector instanceof TimeStampVector stamps) {
            return timestamp(stamps, index);
        }
        if (vector instanceof TimeSecVector
                || vector instanceof TimeMilliVector
                || vector instanceof TimeMicroVector
                || vector instanceof TimeNanoVector) {
            return time(vector, index);
        }
        if (vector instanceof IntervalMonthDayNanoVector intervals) {
            return intervals.getObject(index).toISO8601IntervalString();
        }
        if (vector instanceof MapVector map) {
            return map(map, index);
        }
        if (vector instanceof ListVector
                || vector instanceof LargeListVector
                || vector instanceof FixedSizeListVector) {
            return list((BaseListVector) vector, index);
        }
        if (vector instanceof StructVector struct) {
            Map<String, Object> fields = new LinkedHashMap<>();
            for (FieldVector child : struct.getChildrenFromFields()) {
                fields.put(child.getName(), value(child, index));
            }
            return fields;
        }
        if (vector instanceof VariableWidthFieldVector bytes) {
            byte[] raw = bytes.get(index);
            String text = vector.getField().getType() instanceof ArrowType.Binary
                            || vector.getField().getType() instanceof ArrowType.LargeBinary
                    ? blob(raw)
                    : new String(raw, StandardCharsets.UTF_8);
            return CellText.cut(text, maxStringChars, "");
        }
        return CellText.cut(String.valueOf(vector.getObject(index)), maxStringChars, "");
    }

    /** A whole-number decimal (DuckDB's HUGEINT) is written without a fraction. */
    private static Object decimal(BigDecimal value) {
        return value.scale() == 0 ? value.toBigIntegerExact() : value;
    }

    private static String timestamp(TimeStampVector stamps, int index) {
        ArrowType.Timestamp type = (ArrowType.Timestamp) stamps.getField().getType();
        long raw = stamps.get(index);
        Instant instant =
                switch (type.getUnit()) {
                    case SECOND -> Instant.ofEpochSecond(raw);
                    case MILLISECOND -> Instant.ofEpochMilli(raw);
                    case MICROSECOND ->
                        Instant.ofEpochSecond(Math.floorDiv(raw, 1_000_000L), Math.floorMod(raw, 1_000_000L) * 1_000);
                    case NANOSECOND ->
                        Instant.ofEpochSecond(Math.floorDiv(raw, 1_000_000_000L), Math.floorMod(raw, 1_000_000_000L));
                };
        String text = TIMESTAMP.format(LocalDateTime.ofInstant(instant, ZoneOffset.UTC));
        return type.getTimezone() == null ? text : text + "+00";
    }

    private static String time(ValueVector vector, int index) {
        long nanos;
        if (vector instanceof TimeSecVector seconds) {
            nanos = seconds.get(index) * 1_000_000_000L;
        } else if (vector instanceof TimeMilliVector millis) {
            nanos = millis.get(index) * 1_000_000L;
        } else if (vector instanceof TimeMicroVector micros) {
            nanos = micros.get(index) * 1_000L;
        } else {
            nanos = ((TimeNanoVector) vector).get(index);
        }
        return TIME.format(LocalTime.ofNanoOfDay(nanos));
    }

    private List<Object> list(BaseListVector list, int index) {
        ValueVector elements = list.getChildrenFromFields().get(0);
        List<Object> values = new ArrayList<>();
        for (int i = list.getElementStartIndex(index); i < list.getElementEndIndex(index); i++) {
            values.add(value(elements, i));
        }
        return values;
    }

    private Map<String, Object> map(MapVector map, int index) {
        StructVector entries = (StructVector) map.getDataVector();
        ValueVector keys = entries.getChildByOrdinal(0);
        ValueVector values = entries.getChildByOrdinal(1);
        Map<String, Object> result = new LinkedHashMap<>();
        for (int i = map.getElementStartIndex(index); i < map.getElementEndIndex(index); i++) {
            result.put(String.valueOf(value(keys, i)), value(values, i));
        }
        return result;
    }

    /** DuckDB's text of a blob: printable ASCII as itself, every other byte as {@code \xHH}. */
    private static String blob(byte[] bytes) {
        StringBuilder text = new StringBuilder(bytes.length);
        for (byte b : bytes) {
            int value = b & 0xFF;
            if (value >= 0x20 && value < 0x7F && value != '\\') {
                text.append((char) value);
            } else {
                text.append("\\x")
                        .append(Character.toUpperCase(Character.forDigit(value >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(value & 0xF, 16)));
            }
        }
        return text.toString();
    }
}
