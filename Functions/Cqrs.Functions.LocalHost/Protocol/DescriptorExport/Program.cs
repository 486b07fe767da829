using System.Reflection;
using Google.Protobuf;
using Google.Protobuf.Reflection;

// Writes the Functions worker protocol as a FileDescriptorSet (args[0]) and the names of its own .proto files, one a
// line (args[1]): the descriptors compiled into Microsoft.Azure.Functions.Worker.Grpc, with every file they import.
if (args.Length != 2)
{
    Console.Error.WriteLine("usage: DescriptorExport <descriptor-set.pb> <proto-names.txt>");
    return 2;
}

var grpc = Assembly.Load("Microsoft.Azure.Functions.Worker.Grpc");
var reflection = grpc.GetTypes().Single(type => type.Name == "FunctionRpcReflection");
var root = (FileDescriptor)reflection.GetProperty("Descriptor", BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static)!.GetValue(null)!;

var ordered = new List<FileDescriptor>();
AddWithImports(root, ordered);
var set = new FileDescriptorSet();
set.File.AddRange(ordered.Select(file => FileDescriptorProto.Parser.ParseFrom(file.SerializedData)));
File.WriteAllBytes(args[0], set.ToByteArray());
File.WriteAllLines(args[1], ordered.Select(file => file.Name).Where(name => !name.StartsWith("google/protobuf/", StringComparison.Ordinal)));
return 0;

// protoc needs each file after the files it imports.
static void AddWithImports(FileDescriptor file, List<FileDescriptor> ordered)
{
    if (ordered.Contains(file))
    {
        return;
    }

    foreach (var import in file.Dependencies)
    {
        AddWithImports(import, ordered);
    }

    ordered.Add(file);
}
