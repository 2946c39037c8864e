package dev.recaudo.rest.common;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.NumericNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * A decimal number of a request body together with the text the client wrote. It reads as the exact
 * decimal it is, like Jackson's own {@link DecimalNode}, but it is written back as sent: {@code 1e5}
 * stays {@code 1e5} and {@code -0.0} stays {@code -0.0}, where a {@code BigDecimal} would print
 * {@code 1E+5} and {@code 0.0}. That is how partner metadata comes back spelled as the partner sent it.
 */
final class SpelledNumberNode extends NumericNode {

    private static final long serialVersionUID = 1L;

    private final DecimalNode value;
    private final String text;

    SpelledNumberNode(BigDecimal value, String text) {
        this.value = DecimalNode.valueOf(value);
        this.text = text;
    }

    @Override
    public JsonToken asToken() {
        return JsonToken.VALUE_NUMBER_FLOAT;
    }

    @Override
    public JsonParser.NumberType numberType() {
        return JsonParser.NumberType.BIG_DECIMAL;
    }

    @Override
    public boolean isFloatingPointNumber() {
        return true;
    }

    @Override
    public boolean isBigDecimal() {
        return true;
    }

    @Override
    public boolean canConvertToInt() {
        return value.canConvertToInt();
    }

    @Override
    public boolean canConvertToLong() {
        return value.canConvertToLong();
    }

    @Override
    public boolean canConvertToExactIntegral() {
        return value.canConvertToExactIntegral();
    }

    @Override
    public Number numberValue() {
        return value.numberValue();
    }

    @Override
    public int intValue() {
        return value.intValue();
    }

    @Override
    public long longValue() {
        return value.longValue();
    }

    @Override
    public double doubleValue() {
        return value.doubleValue();
    }

    @Override
    public BigDecimal decimalValue() {
        return value.decimalValue();
    }

    @Override
    public BigInteger bigIntegerValue() {
        return value.bigIntegerValue();
    }

    /** The number as the client wrote it. */
    @Override
    public String asText() {
        return text;
    }

    @Override
    public void serialize(JsonGenerator generator, SerializerProvider provider) throws IOException {
        generator.writeNumber(text);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SpelledNumberNode spelled && spelled.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }
}
