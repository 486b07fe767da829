namespace Cqrs;

/// <summary>
/// The command and event handlers this process runs, when it runs only some: the messages of the others are left to the
/// processes that run them, and those handlers are not built here, nor their dependencies. A handler goes by its name:
/// its type's full name (<c>Shop.EmailCustomer</c>), or the name it was registered under; a saga's wire name stands for
/// all of the saga's handlers. A name that matches no command or event handler fails validation at start. Queries are
/// answered in the caller's process whatever these say.
/// </summary>
public sealed class ReceiveOptions
{
    /// <summary>The handlers to run. Empty (the default): every handler.</summary>
    public IList<string> Handlers { get; set; } = [];

    /// <summary>Handlers not to run, of those <see cref="Handlers"/> names: every other one runs.</summary>
    public IList<string> ExceptHandlers { get; set; } = [];

    internal ReceiveOptions Copy() => new() { Handlers = [.. Handlers], ExceptHandlers = [.. ExceptHandlers] };
}
