using Microsoft.Extensions.DependencyInjection;

namespace Cqrs;

/// <summary>
/// One handler of one message type, and how to put it in the container; with the name it goes by
/// (<see cref="HandlerNames"/>), known before any handler is built.
/// </summary>
/// <param name="MessageType">The message type it handles.</param>
/// <param name="HandlerType">Its class.</param>
/// <param name="Name">The name it goes by.</param>
/// <param name="Kind">The kind of message it handles.</param>
/// <param name="Describe">Its registration as the handler interface of <paramref name="MessageType"/>.</param>
/// <param name="DescribeClass">
/// For an event handler, its registration as its class, too: a process that runs only some handlers of an event resolves
/// those by class, so that the others are not built.
/// </param>
internal sealed record HandlerRegistration(
    Type MessageType,
    Type HandlerType,
    string Name,
    MessageKind Kind,
    Func<ServiceLifetime, ServiceDescriptor> Describe,
    Func<ServiceLifetime, ServiceDescriptor>? DescribeClass = null)
{
    public bool Equals(HandlerRegistration? other) =>
        other is not null && MessageType == other.MessageType && HandlerType == other.HandlerType;

    public override int GetHashCode() => HashCode.Combine(MessageType, HandlerType);
}
