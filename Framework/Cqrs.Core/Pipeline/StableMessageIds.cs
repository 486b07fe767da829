using System.Buffers.Binary;
using System.Text;
using Cqrs.Identifiers;

namespace Cqrs.Pipeline;

/// <summary>
/// The ids of what a handler sends: name-based UUIDs (RFC 9562), so that handling a message again sends what it sent
/// the first time under the same ids, and an inbox or the broker's duplicate detection drops the repeats. Each handler
/// has a namespace of its own, named by the handler's name under <see cref="Namespace"/>; in it, the id of a message the
/// handler sends is named by the id of the message it handles and the message's position among the handler's sends
/// while it handles that message (0, 1, 2…). Thread-safe (no state).
/// </summary>
/// <remarks>
/// Version 5 (SHA-1), not the version 8 with SHA-256 that RFC 9562 (section 6.5, appendix B) also allows: version 5 is
/// the RFC's own name-based kind, which every UUID library computes, so a tool of the user's can recompute an id; and
/// SHA-1's weakness is its collision resistance, on which an id does not rely: whoever may send on a queue may send any
/// id already. The handler's name makes a namespace, once, rather than a part of each id's name: what is hashed per
/// id (the handler's namespace, the handled id and the position) then fits one SHA-1 block whatever the name's length.
/// </remarks>
internal static class StableMessageIds
{
    /// <summary>Ours, drawn at random once: under it, each handler's name gives that handler's namespace.</summary>
    public static readonly Guid Namespace = new("570bb53f-ce8c-4540-bc03-0776cafd685f");

    /// <summary>A handler's namespace: the version 5 UUID of its name (UTF-8) under <see cref="Namespace"/>.</summary>
    public static Guid NamespaceOf(string handlerName)
    {
        ArgumentNullException.ThrowIfNull(handlerName);
        return NameBasedUuid.Of(Namespace, Encoding.UTF8.GetBytes(handlerName));
    }

    /// <summary>
    /// The id of the message at <paramref name="position"/> among those a handler sends while it handles message
    /// <paramref name="handled"/>: the version 5 UUID, in the handler's namespace, of <paramref name="handled"/>'s 16 bytes
    /// (in the RFC's order) followed by <paramref name="position"/> as 4 bytes, big-endian.
    /// </summary>
    public static Guid Of(Guid handlerNamespace, Guid handled, int position)
    {
        Span<byte> name = stackalloc byte[16 + sizeof(int)];
        handled.TryWriteBytes(name, bigEndian: true, out _);
        BinaryPrimitives.WriteInt32BigEndian(name[16..], position);
        return NameBasedUuid.Of(handlerNamespace, name);
    }
}
