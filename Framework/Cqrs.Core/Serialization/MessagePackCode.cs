namespace Cqrs.Serialization;

/// <summary>The first bytes ("format codes") of the MessagePack spec, and names for them in error messages.</summary>
internal static class MessagePackCode
{
    public const byte MaxPositiveFixInt = 0x7f;
    public const byte MinFixMap = 0x80;
    public const byte MaxFixMap = 0x8f;
    public const byte MinFixArray = 0x90;
    public const byte MaxFixArray = 0x9f;
    public const byte MinFixStr = 0xa0;
    public const byte MaxFixStr = 0xbf;
    public const byte Nil = 0xc0;
    public const byte NeverUsed = 0xc1;
    public const byte False = 0xc2;
    public const byte True = 0xc3;
    public const byte Bin8 = 0xc4;
    public const byte Bin16 = 0xc5;
    public const byte Bin32 = 0xc6;
    public const byte Ext8 = 0xc7;
    public const byte Ext16 = 0xc8;
    public const byte Ext32 = 0xc9;
    public const byte Float32 = 0xca;
    public const byte Float64 = 0xcb;
    public const byte UInt8 = 0xcc;
    public const byte UInt16 = 0xcd;
    public const byte UInt32 = 0xce;
    public const byte UInt64 = 0xcf;
    public const byte Int8 = 0xd0;
    public const byte Int16 = 0xd1;
    public const byte Int32 = 0xd2;
    public const byte Int64 = 0xd3;
    public const byte FixExt1 = 0xd4;
    public const byte FixExt2 = 0xd5;
    public const byte FixExt4 = 0xd6;
    public const byte FixExt8 = 0xd7;
    public const byte FixExt16 = 0xd8;
    public const byte Str8 = 0xd9;
    public const byte Str16 = 0xda;
    public const byte Str32 = 0xdb;
    public const byte Array16 = 0xdc;
    public const byte Array32 = 0xdd;
    public const byte Map16 = 0xde;
    public const byte Map32 = 0xdf;
    public const byte MinNegativeFixInt = 0xe0;

    /// <summary>The extension type of timestamps (-1).</summary>
    public const sbyte TimestampExtType = -1;

    /// <summary>The spec's name of the format a first byte starts, for error messages.</summary>
    public static string Name(byte code) => code switch
    {
        <= MaxPositiveFixInt => "positive fixint",
        <= MaxFixMap => "fixmap",
        <= MaxFixArray => "fixarray",
        <= MaxFixStr => "fixstr",
        >= MinNegativeFixInt => "negative fixint",
        Nil => "nil",
        NeverUsed => "the never-used code",
        False or True => "bool",
        Bin8 => "bin 8",
        Bin16 => "bin 16",
        Bin32 => "bin 32",
        Ext8 => "ext 8",
        Ext16 => "ext 16",
        Ext32 => "ext 32",
        Float32 => "float 32",
        Float64 => "float 64",
        UInt8 => "uint 8",
        UInt16 => "uint 16",
        UInt32 => "uint 32",
        UInt64 => "uint 64",
        Int8 => "int 8",
        Int16 => "int 16",
        Int32 => "int 32",
        Int64 => "int 64",
        FixExt1 => "fixext 1",
        FixExt2 => "fixext 2",
        FixExt4 => "fixext 4",
        FixExt8 => "fixext 8",
        FixExt16 => "fixext 16",
        Str8 => "str 8",
        Str16 => "str 16",
        Str32 => "str 32",
        Array16 => "array 16",
        Array32 => "array 32",
        Map16 => "map 16",
        _ => "map 32",
    };
}
