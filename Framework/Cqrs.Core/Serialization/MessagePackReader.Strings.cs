using System.Buffers.Binary;
using System.Globalization;
using System.Text;

namespace Cqrs.Serialization;

/// <content>Strings, binary, and the string conventions of Guid and decimal.</content>
public ref partial struct MessagePackReader
{
    /// <summary>Decodes UTF-8 and throws on invalid sequences instead of substituting U+FFFD.</summary>
    private static readonly UTF8Encoding StrictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    /// <summary>Reads a string, or null for nil.</summary>
    public string? ReadString()
    {
        const string Expected = "a string";
        var start = _position;
        var code = PeekCode(Expected);
        if (code == MessagePackCode.Nil)
        {
            _position++;
            return null;
        }

        var bytes = ReadStringBytes(code, Expected);
        if (bytes.IsEmpty)
        {
            return string.Empty;
        }

        try
        {
            return StrictUtf8.GetString(bytes);
        }
        catch (DecoderFallbackException e)
        {
            throw MessagePackErrors.Invalid(Expected, start, "its bytes are not valid UTF-8", e);
        }
    }

    /// <summary>Reads bin 8/16/32, or null for nil.</summary>
    public byte[]? ReadBinary()
    {
        const string Expected = "binary";
        var code = PeekCode(Expected);
        if (code == MessagePackCode.Nil)
        {
            _position++;
            return null;
        }

        return ReadBinaryBytes(code, Expected).ToArray();
    }

    /// <summary>
    /// Reads a GUID written as its 36-character "D" string (hex digits in either case). For tolerance, bin 8
    /// of exactly 16 bytes is taken as the GUID's bytes in RFC 4122 (big-endian) order, the order of its string.
    /// </summary>
    public Guid ReadGuid()
    {
        const string Expected = "a GUID";
        var start = _position;
        var code = PeekCode(Expected);
        if (code == MessagePackCode.Bin8)
        {
            var raw = ReadBinaryBytes(code, Expected);
            if (raw.Length != 16)
            {
                    throw MessagePackErrors.Invalid(Expected, start, "the binary is not 16 bytes long");
            }

            return new Guid(raw, bigEndian: true);
        }

        if (!TryParseGuid(ReadStringBytes(code, Expected), out var value))
        {
            throw MessagePackErrors.Invalid(Expected, start, "the string is not of the form xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx");
        }

        return value;
    }

    /// <summary>Reads a decimal written as its invariant-culture string: an optional sign, digits, an optional decimal point.</summary>
    public decimal ReadDecimal()
    {
        const string Expected = "a decimal string";
        var start = _position;
        var text = ReadStringBytes(PeekCode(Expected), Expected);
        if (!decimal.TryParse(text, NumberStyles.AllowLeadingSign | NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out var value))
        {
            throw MessagePackErrors.Invalid(Expected, start, "the string is not an invariant decimal number within range");
        }

        return value;
    }

    /// <summary>Consumes a str value whose first byte is <paramref name="code"/>; returns its bytes.</summary>
    private ReadOnlySpan<byte> ReadStringBytes(byte code, string expected)
    {
        if (code >= MessagePackCode.MinFixStr && code <= MessagePackCode.MaxFixStr)
        {
            return TakeBody(1, code - MessagePackCode.MinFixStr, expected);
        }

        return code switch
        {
            MessagePackCode.Str8 => TakeBody(2, Following(1, expected)[0], expected),
            MessagePackCode.Str16 => TakeBody(3, BinaryPrimitives.ReadUInt16BigEndian(Following(2, expected)), expected),
            MessagePackCode.Str32 => TakeBody(5, BinaryPrimitives.ReadUInt32BigEndian(Following(4, expected)), expected),
            _ => throw MessagePackErrors.WrongType(expected, _position, code),
        };
    }

    /// <summary>Consumes a bin value whose first byte is <paramref name="code"/>; returns its bytes.</summary>
    private ReadOnlySpan<byte> ReadBinaryBytes(byte code, string expected) => code switch
    {
        MessagePackCode.Bin8 => TakeBody(2, Following(1, expected)[0], expected),
        MessagePackCode.Bin16 => TakeBody(3, BinaryPrimitives.ReadUInt16BigEndian(Following(2, expected)), expected),
        MessagePackCode.Bin32 => TakeBody(5, BinaryPrimitives.ReadUInt32BigEndian(Following(4, expected)), expected),
        _ => throw MessagePackErrors.WrongType(expected, _position, code),
    };

    private static bool TryParseGuid(ReadOnlySpan<byte> text, out Guid value)
    {
        value = default;
        if (text.Length != 36 || text[8] != '-' || text[13] != '-' || text[18] != '-' || text[23] != '-')
        {
            return false;
        }

        Span<byte> bytes = stackalloc byte[16];
        var count = 0;
        for (var i = 0; i < 36; i += 2)
        {
            if (i is 8 or 13 or 18 or 23)
            {
                i++; // The dash; the groups between dashes have even lengths.
            }

            var high = HexDigit(text[i]);
            var low = HexDigit(text[i + 1]);
            if ((high | low) < 0)
            {
                return false;
            }

            bytes[count++] = (byte)((high << 4) | low);
        }

        value = new Guid(bytes, bigEndian: true);
        return true;
    }

    private static int HexDigit(byte c) => c switch
    {
        >= (byte)'0' and <= (byte)'9' => c - '0',
        >= (byte)'a' and <= (byte)'f' => c - 'a' + 10,
        >= (byte)'A' and <= (byte)'F' => c - 'A' + 10,
        _ => -1,
    };
}
