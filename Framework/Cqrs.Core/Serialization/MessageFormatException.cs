namespace Cqrs.Serialization;

/// <summary>A payload is not valid MessagePack for the type expected. Such a message is dead-lettered, never retried.</summary>
public sealed class MessageFormatException : Exception
{
    /// <summary>Creates the exception.</summary>
    public MessageFormatException(string message)
        : base(message)
    {
    }

    /// <summary>Creates the exception with its cause.</summary>
    public MessageFormatException(string message, Exception innerException)
        : base(message, innerException)
    {
    }

    /// <summary>Creates the exception.</summary>
    public MessageFormatException()
        : base("The payload is not valid MessagePack.")
    {
    }
}
