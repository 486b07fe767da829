using Microsoft.Extensions.DependencyInjection;

namespace Cqrs;

/// <summary>
/// One handler of one message type, and how to put it in the container; with the name it goes by
/// (<see cref="HandlerNames"/>), known before any handler is built.
/// </summary>
internal sealed record HandlerRegistration(
    Type MessageType,
    Type HandlerType,
    string Name,
    MessageKind Kind,
    Func<ServiceLifetime, ServiceDescriptor> Describe)
{
    public bool Equals(HandlerRegistration? other) =>
        other is not null && MessageType == other.MessageType && HandlerType == other.HandlerType;

    public override int GetHashCode() => HashCode.Combine(MessageType, HandlerType);
}
