package io.tablequery.engine.ingest.csv;

import static java.nio.charset.StandardCharsets.UTF_16BE;
import static java.nio.charset.StandardCharsets.UTF_16LE;
import static java.nio.charset.StandardCharsets.UTF_8;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.IngestErrorCode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.mozilla.universalchardet.UniversalDetector;

/**
 * Detects the encoding of a text file from its first megabyte: a byte-order mark decides; else a pattern of zero
 * bytes means UTF-16; else text that is valid UTF-8 is UTF-8; else Mozilla's universal detector (juniversalchardet)
 * names a legacy encoding, with the GB family read as GB18030, its superset. Binary files are refused.
 */
final class EncodingDetector {
    private static final int SAMPLE_BYTES = 1 << 20;
    private static final Charset GB18030 = Charset.forName("GB18030");
    private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");

    private EncodingDetector() {}

    static TextEncoding detect(Path file, String fileName) throws IOException {
        byte[] sample;
        try (InputStream in = Files.newInputStream(file)) {
            sample = in.readNBytes(SAMPLE_BYTES);
        }
        int length = sample.length;
        if (length >= 3 && (sample[0] & 0xFF) == 0xEF && (sample[1] & 0xFF) == 0xBB && (sample[2] & 0xFF) == 0xBF) {
            return new TextEncoding(UTF_8, 3, "UTF-8 with BOM");
        }
        if (length >= 2 && (sample[0] & 0xFF) == 0xFF && (sample[1] & 0xFF) == 0xFE) {
            return new TextEncoding(UTF_16LE, 2, "UTF-16LE with BOM");
        }
        if (length >= 2 && (sample[0] & 0xFF) == 0xFE && (sample[1] & 0xFF) == 0xFF) {
            return new TextEncoding(UTF_16BE, 2, "UTF-16BE with BOM");
        }
        int evenZeros = 0;
        int oddZeros = 0;
        for (int i = 0; i < length; i++) {
            if (sample[i] == 0) {
                if ((i & 1) == 0) {
                    evenZeros++;
                } else {
                    oddZeros++;
                }
            }
        }
        int pairs = length / 2;
        if (pairs > 0 && oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) {
            return new TextEncoding(UTF_16LE, 0, "UTF-16LE");
        }
        if (pairs > 0 && evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) {
            return new TextEncoding(UTF_16BE, 0, "UTF-16BE");
        }
        if (evenZeros + oddZeros > Math.max(8, length / 1000)) {
            throw new EngineException(
                    IngestErrorCode.UNSUPPORTED_FORMAT,
                    ("'%s' is not a text file (it holds %d NUL"
                                    + " bytes in its first %d bytes); upload CSV text or an Excel workbook")
                            .formatted(fileName, evenZeros + oddZeros, length));
        }
        if (decodes(sample, length, UTF_8, length == SAMPLE_BYTES)) {
            return new TextEncoding(UTF_8, 0, "UTF-8");
        }
        Charset detected = universalDetector(sample, length);
        if (detected != null && decodes(sample, length, detected, length == SAMPLE_BYTES)) {
            return new TextEncoding(detected, 0, detected.name());
        }
        if (decodes(sample, length, GB18030, length == SAMPLE_BYTES)) {
            return new TextEncoding(GB18030, 0, GB18030.name());
        }
        return new TextEncoding(WINDOWS_1252, 0, WINDOWS_1252.name());
    }

    private static Charset universalDetector(byte[] sample, int length) {
        UniversalDetector detector = new UniversalDetector();
        detector.handleData(sample, 0, length);
        detector.dataEnd();
        String name = detector.getDetectedCharset();
        if (name == null) {
            return null;
        }
        String upper = name.toUpperCase(Locale.ROOT);
        if (upper.startsWith("GB") || upper.equals("HZ-GB-2312")) {
            return GB18030;
        }
        try {
            return Charset.forName(name);
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            return null;
        }
    }

    /** Whether the bytes decode without error; a sequence cut at the end of a partial sample is allowed. */
    private static boolean decodes(byte[] sample, int length, Charset charset, boolean partial) {
        CharsetDecoder decoder = charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(sample, 0, length);
        CharBuffer out = CharBuffer.allocate(8192);
        while (true) {
            CoderResult result = decoder.decode(in, out, !partial);
            if (result.isError()) {
                return false;
            }
            if (result.isUnderflow()) {
                return true;
            }
            out.clear();
        }
    }
}
