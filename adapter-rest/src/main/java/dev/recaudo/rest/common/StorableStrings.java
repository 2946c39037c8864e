package dev.recaudo.rest.common;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.deser.std.StringDeserializer;
import com.fasterxml.jackson.databind.type.LogicalType;
import java.io.IOException;

/**
 * Every {@code String} Jackson binds into a request record (administration, login) passes the
 * rules of {@link ClientText#unstorable}; trees are checked by {@link BoundedJsonTree}. Jackson's own
 * reader does the reading, type coercion rules included. A refusal names the field's path.
 */
final class StorableStrings extends StdScalarDeserializer<String> {

    private static final long serialVersionUID = 1L;

    StorableStrings() {
        super(String.class);
    }

    @Override
    public String deserialize(JsonParser parser, DeserializationContext context) throws IOException {
        String text = StringDeserializer.instance.deserialize(parser, context);
        if (text != null) {
            ClientText.unstorable(text).ifPresent(rule -> {
                throw ApiProblem.validation(BoundedJsonTree.path(parser.getParsingContext()), rule);
            });
        }
        return text;
    }

    @Override
    public Object getEmptyValue(DeserializationContext context) {
        return "";
    }

    @Override
    public LogicalType logicalType() {
        return LogicalType.Textual;
    }

    @Override
    public boolean isCachable() {
        return true;
    }
}
